import { type Me, type SettingsUpdate, messages } from '@mutual/shared';
import { useState } from 'react';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { api } from '../../lib/api';
import { useApplyMe } from './me-query';
import { SettingsSwitch } from './settings-switch';
import { errorMessage } from '../../lib/api-errors';

export function settingsOf(me: Me): SettingsUpdate {
  return {
    notifications: { ...me.notifications },
    security: { loginAlerts: me.security.loginAlerts },
  };
}

type Outcome = { tone: 'success' | 'error'; text: string };

/**
 * The switches of both tabs edit one draft, saved together (`PATCH /api/me/settings` takes both),
 * so a change made on one tab is never lost by saving on the other.
 */
export function useSettingsDraft(me: Me) {
  const applyMe = useApplyMe();
  const [draft, setDraft] = useState<SettingsUpdate>(() => settingsOf(me));
  const [saving, setSaving] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const saved = settingsOf(me);
  const dirty = JSON.stringify(saved) !== JSON.stringify(draft);

  const update = (change: (draft: SettingsUpdate) => SettingsUpdate) => {
    setOutcome(null);
    setDraft(change);
  };

  const save = async () => {
    setSaving(true);
    setOutcome(null);
    try {
      const result = await api<{ me: Me; message: string }>('/api/me/settings', { method: 'PATCH', body: draft });
      setDraft(settingsOf(result.me));
      await applyMe(result.me);
      setOutcome({ tone: 'success', text: result.message || messages.settings.updated });
    } catch (error) {
      setOutcome({ tone: 'error', text: errorMessage(error, messages.settings.updateFailed) });
    } finally {
      setSaving(false);
    }
  };

  return { draft, update, save, saving, outcome, dirty, clearOutcome: () => setOutcome(null) };
}

export type SettingsDraft = ReturnType<typeof useSettingsDraft>;

function SaveRow({ settings }: { settings: SettingsDraft }) {
  return (
    <div className="space-y-3 pt-2">
      {settings.outcome && <Alert tone={settings.outcome.tone}>{settings.outcome.text}</Alert>}
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
  { key: 'email', label: 'Email', description: 'Account activity, statements and notices by email.' },
  { key: 'sms', label: 'SMS', description: 'Text messages to your phone for important account activity.' },
  { key: 'push', label: 'Push', description: 'Alerts in this app when something happens on your accounts.' },
] as const;

export function NotificationsPanel({ settings }: { settings: SettingsDraft }) {
  return (
    <div>
      <fieldset>
        <legend className="text-sm font-semibold text-slate-900">How we notify you</legend>
        <div className="mt-1 divide-y divide-slate-100">
          {channels.map((channel) => (
            <SettingsSwitch
              key={channel.key}
              label={channel.label}
              description={channel.description}
              checked={settings.draft.notifications[channel.key]}
              onCheckedChange={(checked) =>
                settings.update((draft) => ({
                  ...draft,
                  notifications: { ...draft.notifications, [channel.key]: checked },
                }))
              }
            />
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
      <SettingsSwitch
        label="Login alerts"
        description="Email me when someone signs in to my account from a new device."
        checked={settings.draft.security.loginAlerts}
        onCheckedChange={(checked) => settings.update((draft) => ({ ...draft, security: { loginAlerts: checked } }))}
      />
      <SaveRow settings={settings} />
    </div>
  );
}
