import { accountsApi } from './accounts';
import { adminMoneyApi } from './admin-money';
import { adminUsersApi } from './admin-users';
import { auditApi } from './audit';
import { authApi } from './auth';
import { billPayApi } from './bill-pay';
import { cardsApi } from './cards';
import { contactInboxApi } from './contact-inbox';
import { contentApi } from './content';
import { depositsApi } from './deposits';
import { devMailboxApi } from './dev-mailbox';
import type { Endpoint } from './endpoint';
import { filesApi } from './files';
import { holdsApi } from './holds';
import { liveApi } from './live';
import { meApi } from './me';
import { notificationsApi } from './notifications';
import { onboardingApi } from './onboarding';
import { paymentOpsApi } from './payment-ops';
import { scheduledWorkApi } from './scheduled-work';
import { siteApi } from './site';
import { statementsApi } from './statements';
import { transferCountsApi } from './transfer-counts';
import { transfersApi } from './transfers';

/**
 * Every endpoint of the API, by module. The server refuses to start with an `/api` route that is
 * not declared here; the web imports one module's file at a time (so a public page's bundle does
 * not carry the staff endpoints' schemas).
 */
export const contract = {
  accounts: accountsApi,
  adminMoney: adminMoneyApi,
  adminUsers: adminUsersApi,
  audit: auditApi,
  auth: authApi,
  billPay: billPayApi,
  cards: cardsApi,
  contactInbox: contactInboxApi,
  content: contentApi,
  deposits: depositsApi,
  devMailbox: devMailboxApi,
  files: filesApi,
  holds: holdsApi,
  live: liveApi,
  me: meApi,
  notifications: notificationsApi,
  onboarding: onboardingApi,
  paymentOps: paymentOpsApi,
  scheduledWork: scheduledWorkApi,
  site: siteApi,
  statements: statementsApi,
  transferCounts: transferCountsApi,
  transfers: transfersApi,
} satisfies Record<string, Record<string, Endpoint>>;

/** Every declared endpoint, with its module and name (`transferCounts.reset`). */
export function declaredEndpoints(): { name: string; endpoint: Endpoint }[] {
  return Object.entries(contract).flatMap(([module, endpoints]) =>
    Object.entries(endpoints as Record<string, Endpoint>).map(([name, endpoint]) => ({
      name: `${module}.${name}`,
      endpoint,
    })),
  );
}
