import { type Me, type SettingsUpdate, messages, settingsUpdateSchema } from '@mutual/shared';
import { useWatch } from 'react-hook-form';
import { Button } from '../../components/button';
import { useApiForm } from '../../lib/use-api-form';
import { useSite } from '../site/site-context';
import { OutcomeAlert, formOutcome } from './outcome';
import { useUpdateSettings } from './profile-api';
import { useMeSave } from './use-me-save';
import { SettingsSwitch } from './settings-switch';

/**
 * The draft a member's settings start from. Until the credit union can send text messages
 * (`/api/site` `textMessages`) SMS is off, whatever an older setting says: none is ever sent.
 */
export function settingsOf(me: Me, textMessages: boolean): SettingsUpdate {
  return {
    notifications: { ...me.notifications, sms: textMessages && me.notifications.sms },
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
  const { textMessages } = useSite();
  const updateSettings = useUpdateSettings();
  const { saved, setSaved, save } = useMeSave(updateSettings.mutateAsync, messages.settings.updated);
  const { form, onSubmit, formError, setFormError, submitting } = useApiForm<SettingsUpdate>({
    schema: settingsUpdateSchema,
    defaultValues: settingsOf(me, textMessages),
    // No switch shows a message of its own: what the server says goes to the Alert.
    fields: [],
    fallback: messages.settings.updateFailed,
    submit: (values) => save(values, (stored) => form.reset(settingsOf(stored, textMessages))),
  });
  const draft = useWatch({ control: form.control });
  const dirty = JSON.stringify(settingsOf(me, textMessages)) !== JSON.stringify(draft);

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
    textMessages,
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
  disabled = false,
}: {
  settings: SettingsDraft;
  name: SwitchName;
  label: string;
  description: string;
  disabled?: boolean;
}) {
  const checked = useWatch({ control: settings.control, name });
  return (
    <SettingsSwitch
      label={label}
      description={description}
      checked={checked}
      onCheckedChange={(next) => settings.set(name, next)}
      disabled={disabled}
    />
  );
}

function SaveRow({ settings }: { settings: SettingsDraft }) {
  return (
    <div className="space-y-3 pt-2">
      <OutcomeAlert outcome={settings.outcome} />
      <div className="flex items-center justify-end gap-3">
        {settings.dirty && <p className="text-sm text-slate-600">You have unsaved changes.</p>}
        <Button onClick={() => void settings.save()} busy={settings.saving}>
          {settings.saving ? 'Saving…' : 'Save'}
        </Button>
      </div>
    </div>
  );
}

/**
 * What each switch does, said as it is. Push governs the bell (server: notifications/notify.ts and
 * money_command.sql): on, a notice arrives unread and the bell counts it at once; off, it is still
 * listed, already read. SMS cannot be turned on until the credit union can send texts.
 */
interface Channel {
  name: SwitchName;
  label: string;
  description: string;
  disabled?: boolean;
}

function channels(textMessages: boolean): Channel[] {
  return [
    { name: 'notifications.email', label: 'Email', description: 'Account activity, statements and notices by email.' },
    textMessages
      ? {
          name: 'notifications.sms',
          label: 'SMS',
          description: 'Text messages to your phone for important account activity.',
        }
      : { name: 'notifications.sms', label: 'SMS', description: messages.settings.textsUnavailable, disabled: true },
    {
      name: 'notifications.push',
      label: 'Push',
      description:
        'Alerts in this app: new notices light up the bell as they happen. When off, they are still listed there, ' +
        'marked as read.',
    },
  ];
}

export function NotificationsPanel({ settings }: { settings: SettingsDraft }) {
  return (
    <div>
      <fieldset>
        <legend className="text-sm font-semibold text-slate-900">How we notify you</legend>
        <div className="mt-1 divide-y divide-slate-100">
          {channels(settings.textMessages).map((channel) => (
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
