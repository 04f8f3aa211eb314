import { centsToDecimal, type PublicSite } from '@mutual/shared';
import { siteApi as api } from '@mutual/shared/contract/site';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import { routeOf } from '../../http/contract-route';
import { devMailboxIsPublic } from '../dev/dev-mailbox-access';
import { demoSignIns } from '../seed/demo-seed';

/** What the public pages show about the credit union, straight from configuration. */
export function publicSite(config: Config): PublicSite {
  const { rates } = config;
  return {
    demo: config.demo,
    demoSignIns: config.demo ? demoSignIns : [],
    devMailboxPublic: devMailboxIsPublic(config),
    transferMaxAmount: centsToDecimal(config.limits.transferMaxCents),
    brand: config.brand,
    support: config.support,
    address: config.address,
    routingNumber: config.routingNumber,
    timeZone: config.timeZone,
    textMessages: config.textMessages.available,
    ncuaNotice: config.ncuaNotice,
    approvalTime: config.approvalTime,
    rates,
    about: config.about,
    market: {
      asOf: config.market.asOf,
      embedUrl: config.market.embedUrl,
      // Our own products next to indicative market references, so the panel works offline.
      indicators: [
        { label: 'High-Yield Savings', value: `${rates.savingsApy} APY`, change: 'Member rate' },
        { label: '12-Month Certificate', value: `${rates.certificateApy} APY`, change: 'Member rate' },
        { label: '30-Year Fixed Mortgage', value: `from ${rates.mortgageFrom}`, change: 'Member rate' },
        { label: 'New Auto Loan', value: `from ${rates.autoLoanFrom}`, change: 'Member rate' },
        { label: 'Personal Loan', value: `from ${rates.personalLoanFrom}`, change: 'Member rate' },
        { label: 'Business Loan', value: `from ${rates.businessLoanFrom}`, change: 'Member rate' },
      ],
    },
  };
}

export const siteRoutes =
  (config: Config): FastifyPluginAsyncZod =>
  async (app) => {
    const site = publicSite(config);
    app.route({ ...routeOf(api.site), handler: async () => site });
  };
