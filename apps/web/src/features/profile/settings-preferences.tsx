import { type Me, type SettingsUpdate, messages, settingsUpdateSchema } from '@mutual/shared';
import { useWatch } from 'react-hook-form';
import { Button } from '../../components/button';
import { useApiForm } from '../../lib/use-api-form';
import { OutcomeAlert, formOutcome } from './outcome';
import { useUpdateSettings } from './profile-api';
import { useMeSave } from './use-me-save';
import { SettingsSwitch } from './settings-switch';

export function settingsOf(me: Me): SettingsUpdate {
  return {
    notifications: { ...me.notifications },
    security: { loginAlerts: me.security.loginAlerts },
  };
}

/** Each switch's place in the draft. */
type SwitchName = 'notifications.email' | 'notifications.sms' | 'notifications.push' | 'security.loginAlerts';

/**
 * The switches of both tabs edit one draft (a form, with no `<form>`), saved together
 * (`meApi.updateSettings` takes both), so a change made on one tab is never lost by saving on the
 * other.
 */
export function useSettingsDraft(me: Me) {
  const updateSettings = useUpdateSettings();
  const { saved, setSaved, save } = useMeSave(updateSettings.mutateAsync, messages.settings.updated);
  const { form, onSubmit, formError, setFormError, submitting } = useApiForm<SettingsUpdate>({
    schema: settingsUpdateSchema,
    defaultValues: settingsOf(me),
    // No switch shows a message of its own: what the server says goes to the Alert.
    fields: [],
    fallback: messages.settings.updateFailed,
    submit: (values) => save(values, (stored) => form.reset(settingsOf(stored))),
  });
  const draft = useWatch({ control: form.control });
  const dirty = JSON.stringify(settingsOf(me)) !== JSON.stringify(draft);

  const clearOutcome = () => {
    setFormError(null);
    setSaved(null);
  };

  const set = (name: SwitchName, checked: boolean) => {
    clearOutcome();
    form.setValue(name, checked);
  };

  return {
    control: form.control,
    set,
    save: onSubmit,
    saving: submitting,
    outcome: formOutcome(formError, saved),
    dirty,
    clearOutcome,
  };
}

export type SettingsDraft = ReturnType<typeof useSettingsDraft>;

/** One switch of the draft, as a row. */
function DraftSwitch({
  settings,
  name,
  label,
  description,
}: {
  settings: SettingsDraft;
  name: SwitchName;
  label: string;
  description: string;
}) {
  const checked = useWatch({ control: settings.control, name });
  return (
    <SettingsSwitch
      label={label}
      description={description}
      checked={checked}
      onCheckedChange={(next) => settings.set(name, next)}
    />
  );
}

function SaveRow({ settings }: { settings: SettingsDraft }) {
  return (
    <div className="space-y-3 pt-2">
      <OutcomeAlert outcome={settings.outcome} />
      <div className="flex items-center justify-end gap-3">
        {settings.dirty && <p className="text-sm text-slate-600">You have unsaved changes.</p>}
        <Button onClick={() => void settings.save()} disabled={settings.saving}>
          {settings.saving ? 'Saving…' : 'Save'}
        </Button>
      </div>
    </div>
  );
}

const channels = [
  { name: 'notifications.email', label: 'Email', description: 'Account activity, statements and notices by email.' },
  {
    name: 'notifications.sms',
    label: 'SMS',
    description: 'Text messages to your phone for important account activity.',
  },
  {
    name: 'notifications.push',
    label: 'Push',
    description: 'Alerts in this app when something happens on your accounts.',
  },
] as const;

export function NotificationsPanel({ settings }: { settings: SettingsDraft }) {
  return (
    <div>
      <fieldset>
        <legend className="text-sm font-semibold text-slate-900">How we notify you</legend>
        <div className="mt-1 divide-y divide-slate-100">
          {channels.map((channel) => (
            <DraftSwitch key={channel.name} settings={settings} {...channel} />
          ))}
        </div>
      </fieldset>
      <SaveRow settings={settings} />
    </div>
  );
}

export function LoginAlertsPanel({ settings }: { settings: SettingsDraft }) {
  return (
    <div>
      <DraftSwitch
        settings={settings}
        name="security.loginAlerts"
        label="Login alerts"
        description="Email me when someone signs in to my account from a new device."
      />
      <SaveRow settings={settings} />
    </div>
  );
}
