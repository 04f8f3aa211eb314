import fs from 'node:fs';
import path from 'node:path';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import { declaredEndpoints } from '@mutual/shared/contract';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { type ApiError, isAppRoute, messages, type PublicSite } from '@mutual/shared';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type RawServerDefault } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { cookieNames, registerAuthContext } from './http/auth-context';
import { requireDeclaredRoutes } from './http/contract-route';
import { registerErrorHandler } from './http/error-handler';
import { slotLeases, slotStoreFor } from './http/held-slots';
import { registerInputGuard } from './http/input-guard';
import { rateLimitStore, rateLimitStoreKind } from './http/rate-limit-store';
import { isApiRequest, routedPath } from './http/routed-path';
import { registerSameOriginCheck } from './http/same-origin';
import { createJobQueue } from './jobs/job-queue';
import { buildAppPage } from './http/app-page';
import { registerSecurityHeaders } from './http/security-headers';
import { capUploads, uploadCaps } from './http/upload-caps';
import { accountRoutes, historyExportCaps } from './modules/accounts/accounts.routes';
import { adminMoneyRoutes } from './modules/admin/admin-money.routes';
import { adminUserRoutes } from './modules/admin/admin-users.routes';
import { auditRoutes } from './modules/admin/audit.routes';
import { billPayRoutes, staffBillPayRoutes } from './modules/bill-pay/bill-pay.routes';
import { cardTerminalRoutes } from './modules/cards/card-terminal';
import { cardRoutes, processorRoutes } from './modules/cards/cards.routes';
import { depositRoutes, staffDepositRoutes } from './modules/deposits/deposits.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { contactInboxRoutes } from './modules/content/contact-inbox.routes';
import { contentRoutes } from './modules/content/content.routes';
import { devMailboxGate } from './modules/dev/dev-mailbox-access';
import { devMailboxRoutes } from './modules/dev/dev-mailbox.routes';
import { fileRoutes } from './modules/files/files.routes';
import { healthRoutes } from './modules/health/health.routes';
import { holdRoutes } from './modules/holds/holds.routes';
import { createLiveHub } from './modules/live/live-hub';
import { liveRoutes, liveStreamCaps } from './modules/live/live.routes';
import { meRoutes } from './modules/members/me.routes';
import { registerMetrics } from './modules/metrics/metrics.routes';
import { notificationRoutes } from './modules/notifications/notifications.routes';
import { onboardingRoutes } from './modules/onboarding/onboarding.routes';
import { paymentOpsRoutes } from './modules/payments/payment-ops.routes';
import { scheduledJobs } from './modules/scheduled-work/scheduled-jobs';
import { staffStatementRoutes, statementDrawCaps, statementRoutes } from './modules/statements/statements.routes';
import { scheduledWorkRoutes } from './modules/scheduled-work/scheduled-work.routes';
import { publicSite, siteRoutes } from './modules/site/site.routes';
import { transferCountRoutes } from './modules/transfers/transfer-counts.routes';
import { transferRoutes } from './modules/transfers/transfers.routes';
import type { AppDeps } from './deps';
import { serverRoot } from './paths';

const defaultWebDist = path.resolve(serverRoot, '../web/dist');

/** Builds the whole HTTP application. `main.ts` and every API test call this same factory. */
export async function buildApp(deps: AppDeps) {
  const { config } = deps;
  const requestTimeout = config.limits.requestTimeoutSeconds * 1000;
  const app = Fastify({
    loggerInstance: deps.logger,
    trustProxy: config.trustProxy,
    bodyLimit: 64 * 1024,
    // A request (headers and body) must arrive within this, or Node answers 408 and closes it: a
    // trickled upload cannot hold a socket for ever. It times the receiving only: an answer that
    // takes long to send (a live-update stream, a history download) is not cut by it. Node checks
    // it every `connectionsCheckingInterval` (30 s by its default; sooner for a short timeout). It is
    // given to the server's creation too: set only afterwards over Node's own default, as Fastify
    // does, Node 20 never cut a trickled upload (seen in request-timeout.test.ts). Headers must
    // arrive within a minute, or within the whole timeout if shorter.
    // No idle `connectionTimeout`: a quiet but live answer would be cut; `keepAliveTimeout` (72 s,
    // Fastify's) closes idle connections between requests.
    requestTimeout,
    http: {
      requestTimeout,
      headersTimeout: Math.min(60_000, requestTimeout),
      connectionsCheckingInterval: Math.min(30_000, Math.max(250, Math.floor(requestTimeout / 4))),
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  const declared = declaredEndpoints().map(({ endpoint }) => endpoint);
  registerInputGuard(app, declared);

  registerSecurityHeaders(app, config);
  registerSameOriginCheck(app, config.publicUrl);
  await app.register(cookie);
  await app.register(multipart, { limits: { files: 2, fields: 2, parts: 4 } });
  registerAuthContext(app, deps);
  const metrics = registerMetrics(app, deps);
  const jobs = createJobQueue({
    database: deps.database,
    logger: deps.logger,
    definitions: scheduledJobs(deps),
    enabled: config.jobs.enabled,
    pollSeconds: config.jobs.pollSeconds,
    onOutcome: metrics?.jobFinished,
  });
  app.addHook('onReady', () => jobs.start());
  app.addHook('onClose', () => jobs.stop());
  // Limits are set per route (anything guessable or abusable); the global one only stops floods.
  const sharedKind = rateLimitStoreKind(config, deps.database);
  const limits = await rateLimitStore(sharedKind, config, deps.database, (error) =>
    deps.logger.warn({ reason: error.message }, 'redis connection error'),
  );
  app.addHook('onClose', limits.close);
  // What callers hold open, capped per browser, member (or address) and instance, and counted for
  // the operators. The browser's and member's counts are shared where the rate limits are.
  const slots = slotLeases(
    slotStoreFor(sharedKind, limits.redis, deps.database),
    config.limits.slotLeaseSeconds * 1000,
    (error, what) => deps.logger.warn({ reason: error.message }, `held slots: ${what}`),
  );
  app.addHook('onClose', async () => slots.close());
  const streams = {
    live: liveStreamCaps(config, slots, (cap) => metrics?.streamRefused('live', cap)),
    exports: historyExportCaps(config, slots, (cap) => metrics?.streamRefused('exports', cap)),
    uploads: uploadCaps(config, slots, (cap) => metrics?.streamRefused('uploads', cap)),
    statements: statementDrawCaps(config, slots, (cap) => metrics?.streamRefused('statements', cap)),
  };
  metrics?.watchStreams(streams);
  capUploads(app, streams.uploads, cookieNames(config.secureCookies).session);
  await app.register(rateLimit, {
    global: true,
    max: config.rateLimitPerMinute,
    timeWindow: 60_000,
    // The API only: the page and its files are precompressed and cheap, must load while the
    // database (holding the counters) is away, and need no round trip to it.
    // The card processor's interface neither: one processor sends every purchase from a few
    // addresses, and each request is signed (a bad signature is refused before any database work).
    allowList: (request) => !isApiRequest(request) || routedPath(request).startsWith('/api/processor/'),
    ...limits.options,
  });

  await app.register(swagger, {
    openapi: {
      info: {
        title: `${config.brand.name} API`,
        version: '0.1.0',
        description:
          'Mutual banking portal API. Text is refused with 400 when it holds control or invisible characters ' +
          '(NUL, C0 and C1 controls, reordering marks, zero-width spaces, the BOM); a line break or tab only ' +
          'where an endpoint says its field may span lines.',
      },
      tags: [
        {
          name: 'card processor',
          description:
            'The interface a card processor calls to have each purchase approved, cleared or reversed. No ' +
            'session: every request carries `X-Processor-Timestamp` (unix seconds) and `X-Processor-Signature`, ' +
            'the hex HMAC-SHA256 of `${timestamp}.${body}` under PROCESSOR_SECRET; a stale timestamp or a ' +
            'signature seen before is refused. Each request is idempotent on its `id`.',
        },
      ],
    },
    transform: jsonSchemaTransform,
  });
  // The docs UI runs under the app's own CSP: its scripts are files, its badge validator is off.
  // A production instance does not publish a map of its API unless API_DOCS says so.
  if (config.apiDocs) await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { validatorUrl: null } });

  requireDeclaredRoutes(app, declared);
  const { redis } = limits;
  await app.register(
    healthRoutes([
      { name: 'database', ping: () => deps.database.ping() },
      ...(redis ? [{ name: 'redis' as const, ping: () => redis.ping() }] : []),
    ]),
  );
  await app.register(siteRoutes(config));
  await app.register(contentRoutes(deps));
  await app.register(contactInboxRoutes(deps));
  await app.register(authRoutes(deps));
  await app.register(onboardingRoutes(deps));
  await app.register(meRoutes(deps));
  await app.register(notificationRoutes(deps));
  await app.register(fileRoutes(deps));
  await app.register(adminUserRoutes(deps));
  await app.register(auditRoutes(deps));
  await app.register(adminMoneyRoutes(deps));
  await app.register(accountRoutes(deps, streams.exports));
  await app.register(billPayRoutes(deps));
  await app.register(staffBillPayRoutes(deps));
  await app.register(depositRoutes(deps));
  await app.register(staffDepositRoutes(deps));
  await app.register(cardRoutes(deps));
  await app.register(processorRoutes(deps));
  await app.register(transferRoutes(deps));
  await app.register(paymentOpsRoutes(deps));
  await app.register(transferCountRoutes(deps));
  await app.register(scheduledWorkRoutes(deps, jobs));
  await app.register(statementRoutes(deps, streams.statements));
  await app.register(staffStatementRoutes(deps, jobs));
  await app.register(holdRoutes(deps));
  const live = createLiveHub(deps.database, deps.logger);
  app.addHook('onReady', () => live.start());
  app.addHook('onClose', () => live.stop());
  await app.register(liveRoutes(deps, live, streams.live));
  const devMailbox = !config.isProduction && deps.mailer.mode === 'outbox';
  // The dev pages (mailbox, card terminal) are served to this computer only, unless DEV_MAILBOX=public.
  if (!config.isProduction) app.addHook('onRequest', devMailboxGate(config));
  if (devMailbox) await app.register(devMailboxRoutes(deps.db));
  if (!config.isProduction) await app.register(cardTerminalRoutes(deps));

  await registerWebApp(app, config.webDist ?? defaultWebDist, devMailbox, config.isProduction, publicSite(config));
  return app;
}

/**
 * Serves the built web app. Known app paths get index.html with 200; anything else gets the same
 * page with 404, so the app shows its "page not found" screen and the status is honest.
 */
async function registerWebApp(
  app: ZodApp,
  webDist: string,
  devMailbox: boolean,
  isProduction: boolean,
  site: PublicSite,
) {
  const indexPath = path.join(webDist, 'index.html');
  // Read and built once: the web app does not change under a running server (static files are
  // listed at start too), and every page load would otherwise touch the disk.
  const page = fs.existsSync(indexPath) ? buildAppPage(fs.readFileSync(indexPath, 'utf8'), site) : undefined;
  const hasWeb = page !== undefined;
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders: (res, filePath) => {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('Cache-Control', 'public, max-age=31536000, immutable');
        }
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    // A missing file (a stale asset after a deploy, a probe for /.env) is a plain 404, never the app.
    const looksLikeFile = /\.[a-z0-9]+$/i.test(pathname);
    if (
      pathname.startsWith('/api/') ||
      looksLikeFile ||
      !hasWeb ||
      (request.method !== 'GET' && request.method !== 'HEAD')
    ) {
      return reply.status(404).send({ code: 'NOT_FOUND', message: messages.generic.notFound } satisfies ApiError);
    }
    const known =
      isAppRoute(pathname) &&
      (devMailbox || pathname !== '/dev/mailbox') &&
      (!isProduction || pathname !== '/dev/terminal');
    reply
      .status(known ? 200 : 404)
      .header('Cache-Control', 'no-cache')
      .header('Vary', 'Accept-Encoding')
      .type('text/html');
    const accepted = acceptedEncodings(request.headers['accept-encoding']);
    const compressed = page?.compressed.find((c) => accepted.has(c.encoding));
    return compressed
      ? reply.header('Content-Encoding', compressed.encoding).send(compressed.body)
      : reply.send(page?.html);
  });
}

/** The content codings a request accepts (`q=0` excluded). */
function acceptedEncodings(header: string | undefined): Set<string> {
  return new Set(
    (header ?? '')
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, q]) => !q || !/^\s*q=0(\.0*)?\s*$/.test(q))
      .map(([coding]) => (coding ?? '').trim().toLowerCase()),
  );
}

export type App = Awaited<ReturnType<typeof buildApp>>;
type ZodApp = FastifyInstance<RawServerDefault, IncomingMessage, ServerResponse, FastifyBaseLogger, ZodTypeProvider>;
