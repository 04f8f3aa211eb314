import { type Me, messages } from '@mutual/shared';
import { Tabs } from 'radix-ui';
import { useState } from 'react';
import { MeDialog } from './me-dialog';
import { PasswordForm } from './password-form';
import { SessionsPanel } from './sessions-panel';
import { LoginAlertsPanel, NotificationsPanel, useSettingsDraft } from './settings-preferences';
import { TwoFactorSection } from './two-factor-section';
import type { DialogControlProps } from '../../components/dialog';

const tabs = [
  { value: 'notifications', label: 'Notifications' },
  { value: 'security', label: 'Security' },
  { value: 'password', label: 'Password' },
  { value: 'sessions', label: 'Sessions' },
] as const;
type Tab = (typeof tabs)[number]['value'];
const isTab = (value: string): value is Tab => tabs.some((tab) => tab.value === value);
const tabClass =
  'rounded-lg px-3 py-2 text-sm font-semibold text-slate-600 hover:text-slate-900 data-[state=active]:bg-white ' +
  'data-[state=active]:text-brand data-[state=active]:shadow-sm';

/** "Account Settings": notifications, security (login alerts, two-factor), password, sessions. */
export function AccountSettingsDialog({ open, onOpenChange }: DialogControlProps) {
  return (
    <MeDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Account Settings"
      description="Notifications, sign-in security, your password and where you are signed in."
      loadingLabel="Loading your settings…"
      loadFailed={messages.settings.loadFailed}
      // Its tabs differ in height: centred, the tab row would move under the pointer at each switch.
      placement="top"
    >
      {(me) => <SettingsTabs me={me} />}
    </MeDialog>
  );
}

function SettingsTabs({ me }: { me: Me }) {
  const [tab, setTab] = useState<Tab>('notifications');
  const settings = useSettingsDraft(me);
  // Every panel stays mounted (hidden when inactive) so unsaved switches, a half-finished
  // authenticator set-up or backup codes on screen survive a look at another tab.
  const panel = 'focus-visible:outline-2 focus-visible:outline-offset-4 data-[state=inactive]:hidden';
  return (
    <Tabs.Root
      value={tab}
      onValueChange={(value) => {
        if (!isTab(value)) return;
        settings.clearOutcome();
        setTab(value);
      }}
    >
      <Tabs.List
        aria-label="Account settings sections"
        className="mb-5 grid grid-cols-2 gap-1 rounded-xl bg-slate-100 p-1 sm:grid-cols-4"
      >
        {tabs.map((item) => (
          <Tabs.Trigger key={item.value} value={item.value} className={tabClass}>
            {item.label}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      <Tabs.Content value="notifications" forceMount className={panel}>
        <NotificationsPanel settings={settings} />
      </Tabs.Content>
      <Tabs.Content value="security" forceMount className={`${panel} space-y-6`}>
        <LoginAlertsPanel settings={settings} />
        <hr className="border-slate-200" />
        <TwoFactorSection me={me} />
      </Tabs.Content>
      <Tabs.Content value="password" forceMount className={panel}>
        <PasswordForm email={me.email} />
      </Tabs.Content>
      <Tabs.Content value="sessions" forceMount className={panel}>
        <SessionsPanel active={tab === 'sessions'} />
      </Tabs.Content>
    </Tabs.Root>
  );
}
