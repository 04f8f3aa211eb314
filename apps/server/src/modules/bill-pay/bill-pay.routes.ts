import { BILL_PAY_SKIPPED_HEADER as SKIPPED_HEADER, IDEMPOTENCY_HEADER } from '@mutual/shared';
import { billPayApi as api } from '@mutual/shared/contract/bill-pay';
import { actorAndMeta, requestMeta, signedInUser } from '../../http/auth-context';
import { routeOf } from '../../http/contract-route';
import { sendStoredAnswer } from '../../http/stored-answer';
import { accountHolderRoutes, staffRoutes } from '../../http/route-groups';
import { billPayOverview, cancelPayment, listPayments, schedulePayment, stopSeries } from './bill-payments';
import { addPayee, payeeChallenge, removePayee } from './payees';
import { billPayCsv, billPayNacha, listStaffBillPayments, returnBillPayment } from './staff-bill-pay';

/**
 * The member's Bill Pay (contract: packages/shared/src/contract/bill-pay.ts). Account holders
 * only; every look-up is by the signed-in member's id, so another member's payee, payment or
 * series is simply not found.
 */
export const billPayRoutes = accountHolderRoutes(async (app, deps) => {
  app.route({ ...routeOf(api.overview), handler: async (request) => billPayOverview(deps, signedInUser(request).id) });

  app.route({
    ...routeOf(api.payeeChallenge),
    // A code is e-mailed per call: as guarded as the US-bank code.
    config: { rateLimit: { max: deps.config.security.authRateLimit, timeWindow: 60_000 } },
    handler: async (request, reply) =>
      reply.status(201).send(await payeeChallenge(deps, signedInUser(request), request.body, requestMeta(request))),
  });

  app.route({
    ...routeOf(api.addPayee),
    config: { rateLimit: { max: deps.config.security.authRateLimit, timeWindow: 60_000 } },
    handler: async (request, reply) =>
      reply.status(201).send(await addPayee(deps, signedInUser(request), request.body, requestMeta(request))),
  });

  app.route({
    ...routeOf(api.removePayee),
    handler: async (request) => removePayee(deps, signedInUser(request), request.params.id, requestMeta(request)),
  });

  app.route({
    ...routeOf(api.payments),
    handler: async (request) => listPayments(deps, signedInUser(request).id, request.query),
  });

  app.route({
    ...routeOf(api.schedule),
    handler: async (request, reply) => {
      const answer = await schedulePayment(
        deps,
        { member: signedInUser(request), key: request.headers[IDEMPOTENCY_HEADER], meta: requestMeta(request) },
        request.body,
      );
      return sendStoredAnswer(reply, answer);
    },
  });

  app.route({
    ...routeOf(api.cancelPayment),
    handler: async (request) => cancelPayment(deps, signedInUser(request), request.params.id, requestMeta(request)),
  });

  app.route({
    ...routeOf(api.stopSeries),
    handler: async (request) => stopSeries(deps, signedInUser(request), request.params.id, requestMeta(request)),
  });
});

/** The Bill Pay tab of Payment Operations. Staff only. */
export const staffBillPayRoutes = staffRoutes(async (app, deps) => {
  app.route({
    ...routeOf(api.staffPayments),
    handler: async (request) => listStaffBillPayments(deps, request.query),
  });

  app.route({
    ...routeOf(api.staffReturn),
    handler: async (request) => returnBillPayment(deps, request.params.id, request.body, ...actorAndMeta(request)),
  });

  app.route({
    ...routeOf(api.exportCsv),
    handler: async (request, reply) => {
      const { date } = request.query;
      const csv = await billPayCsv(deps, date, ...actorAndMeta(request));
      // Payments no file can carry (their payee's number cannot be opened) are named here.
      if (csv.skipped.length > 0) reply.header(SKIPPED_HEADER, encodeURIComponent(csv.skipped.join(' | ')));
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="bill-payments-${date}.csv"`)
        .send(csv.content);
    },
  });

  app.route({
    ...routeOf(api.exportNacha),
    handler: async (request, reply) => {
      const file = await billPayNacha(deps, request.query.date, ...actorAndMeta(request));
      // Payments the file could not carry are named here (the CSV has them, unless their number is unreadable).
      if (file.skipped.length > 0) reply.header(SKIPPED_HEADER, encodeURIComponent(file.skipped.join(' | ')));
      return reply
        .type('text/plain; charset=us-ascii')
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .send(file.content);
    },
  });
});
