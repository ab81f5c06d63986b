import { named } from './lib/plugin-name.ts';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance, type FastifyLoggerOptions } from 'fastify';
import cookie from '@fastify/cookie';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { KNOWLEDGE_FILE_MAX_BYTES, STORAGE_QUOTA_BYTES } from '@redacta/shared';
import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import type { Mailer } from './mail/transport.ts';
import { createModels, type Models } from './ai/models.ts';
import { createMailer } from './mail/transport.ts';
import { errorsPlugin, replyToClientError, replyWithFrameworkError } from './plugins/errors.ts';
import { jsonBodyPlugin } from './plugins/json-body.ts';
import { authPlugin } from './plugins/auth.ts';
import { idempotencyPlugin } from './plugins/idempotency.ts';
import { securityPlugin } from './plugins/security.ts';
import { compressPlugin } from './plugins/compress.ts';
import { registerWebApp } from './plugins/static.ts';
import { rateLimitPlugin } from './plugins/rate-limit.ts';
import { mailBudgetsPlugin } from './mail/budgets.ts';
import { openApiPlugin } from './plugins/openapi.ts';
import { metricsPlugin } from './plugins/metrics.ts';
import { OpenStreams } from './lib/open-streams.ts';
import { requestLogSerializers } from './lib/request-log.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { devRoutes } from './modules/dev/routes.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { oauthRoutes } from './modules/oauth/routes.ts';
import { ssoSettingsRoutes, ssoSignInRoutes } from './modules/sso/routes.ts';
import { userRoutes } from './modules/users/routes.ts';
import { accountRoutes } from './modules/account/routes.ts';
import { workspaceRoutes } from './modules/workspaces/routes.ts';
import { memberRoutes } from './modules/members/routes.ts';
import { storageRoutes } from './modules/storage/routes.ts';
import { projectRoutes } from './modules/projects/routes.ts';
import { documentVersionRoutes } from './modules/document-versions/routes.ts';
import { folderRoutes } from './modules/folders/routes.ts';
import { chatRoutes } from './modules/chat/routes.ts';
import { documentTransformRoutes } from './modules/document-transform/routes.ts';
import { brandVoiceRoutes } from './modules/brand-voices/routes.ts';
import { styleRuleRoutes } from './modules/style-rules/routes.ts';
import { promptRoutes } from './modules/prompts/routes.ts';
import { templateRoutes } from './modules/templates/routes.ts';
import { billingRoutes } from './modules/billing/routes.ts';
import { invitationRoutes } from './modules/invitations/index.ts';
import { knowledgeRoutes } from './modules/knowledge/routes.ts';
import { createKnowledgeProcessor } from './modules/knowledge/setup.ts';
import { scheduleDatabaseMaintenance } from './db/maintenance.ts';
import { scheduleOwedMails } from './mail/owed-mails.ts';
import type { KnowledgeProcessor } from './modules/knowledge/processor.ts';
import type { StorageQuotas } from './modules/storage/service.ts';
import { collabPlugin } from './modules/collab/plugin.ts';
import { BuiltInLibrary, seedBuiltInPrompts } from './modules/prompts/built-ins.ts';
import { catalogue } from './modules/prompts/catalogue/index.ts';
import { apiKeyRoutes } from './modules/api-keys/routes.ts';
import { budgetNoticer } from './modules/budgets/notices.ts';
import { budgetRoutes } from './modules/budgets/routes.ts';
import { batchRoutes } from './modules/batches/routes.ts';
import { generateApiRoutes } from './modules/generate-api/routes.ts';
import { BatchQueue } from './modules/batches/queue.ts';
import { ExportQueue } from './modules/workspace-export/queue.ts';
import { runWorkspaceExport } from './modules/workspace-export/service.ts';
import { workspaceExportRoutes } from './modules/workspace-export/routes.ts';
import { rowWorker } from './modules/batches/row-worker.ts';
import { Slots } from './lib/slots.ts';
import { spreadsheetThreads, type SpreadsheetThreads } from './modules/batches/spreadsheet/index.ts';
import { pipelineRowGenerator } from './modules/batches/row-generator.ts';
import { generationDeps } from './modules/generation/prepare.ts';
import { webhookRoutes } from './modules/webhooks/routes.ts';
import { auditRoutes } from './modules/audit/routes.ts';
import { auditContextPlugin } from './modules/audit/context.ts';
import { scimSettingsRoutes } from './modules/scim/routes.ts';
import { SCIM_BASE_PATH } from './modules/scim/protocol.ts';
import { scimRoutes } from './modules/scim/scim-routes.ts';
import { WebhookQueue } from './modules/webhooks/queue.ts';
import { WebhookEvents } from './modules/webhooks/events.ts';
import { deliveryWorker } from './modules/webhooks/delivery.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    db: Db;
    mailer: Mailer;
    /** Built once: chat, improve and the brand-voice analysis share the same provider clients. */
    models: Models;
    /** The chat replies in progress: what a stopping server waits for (lib/shutdown.ts). */
    openStreams: OpenStreams;
    /** The knowledge's background processing (parsing, fetching, embedding), one per instance. */
    knowledge: KnowledgeProcessor;
    /** What each plan's workspace may keep (see AppDeps). */
    storageQuotas: StorageQuotas;
    /** The largest knowledge file taken, in bytes (see AppDeps). */
    knowledgeFileMaxBytes: number;
    /** The batch rows' job queue, worked by every instance (ADR 0031). */
    batchQueue: BatchQueue;
    /** The workspace exports' job queue, on the batch queue's pg-boss (ADR 0038). */
    exportQueue: ExportQueue;
    /** The spreadsheet reads this instance runs at once (SPREADSHEET_READS_AT_ONCE). */
    spreadsheetReads: Slots;
    /** The webhook deliveries' job queue, worked by every instance. */
    webhookQueue: WebhookQueue;
    /** Told of each committed charge: mails a member whose budget it takes past 80 or 100 %. */
    budgetNoticer: ReturnType<typeof budgetNoticer>;
    /** Where actions announce the events webhook endpoints receive, inside their own transactions. */
    webhookEvents: WebhookEvents;
    /** The threads those reads run in, one per read at most; ended when the app closes. */
    spreadsheetThreads: SpreadsheetThreads;
  }
}

export interface AppDeps {
  config: Config;
  database: Database;
  /** Tests may pass a mailer; by default one is built from the config. */
  mailer?: Mailer;
  /** Where and from which level to log (tests keep the lines); LOG_LEVEL to stdout by default. */
  logger?: Pick<FastifyLoggerOptions, 'level' | 'stream'>;
  /**
   * What each plan's workspace may keep: the plans' own, STORAGE_QUOTA_BYTES, by default. Tests that
   * fill a workspace pass smaller ones, which take a fraction of the time to fill.
   */
  storageQuotas?: StorageQuotas;
  /**
   * The largest knowledge file taken, in bytes: KNOWLEDGE_FILE_MAX_BYTES by default. Tests of the limit
   * pass a smaller one: sending a body past the real one dozens of times takes a busy machine minutes.
   */
  knowledgeFileMaxBytes?: number;
}

export type App = FastifyInstance;

const defaultWebDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

export async function buildApp(deps: AppDeps): Promise<App> {
  const { config } = deps;
  const app = Fastify({
    // Whatever the level, request URLs are logged without the secrets of e-mailed links.
    logger: { level: config.LOG_LEVEL, ...deps.logger, serializers: requestLogSerializers },
    trustProxy: config.TRUST_PROXY,
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    bodyLimit: 2 * 1024 * 1024,
    // The ready hooks (the batch queue's start, knowledge work to resume, maintenance) query the database;
    // on a busy machine they outlast Fastify's 10 s default, and a start that waits beats one that dies.
    // The server listens only once they are done.
    pluginTimeout: 120_000,
    // Errors met before a route runs answer in our error shape too.
    frameworkErrors: replyWithFrameworkError,
    clientErrorHandler: replyToClientError,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.decorate('config', config);
  app.decorate('database', deps.database);
  app.decorate('db', deps.database.db);
  app.decorate('models', createModels(config));
  app.decorate('openStreams', new OpenStreams());
  app.decorate('storageQuotas', deps.storageQuotas ?? STORAGE_QUOTA_BYTES);
  app.decorate('knowledgeFileMaxBytes', deps.knowledgeFileMaxBytes ?? KNOWLEDGE_FILE_MAX_BYTES);
  app.decorate('knowledge', createKnowledgeProcessor(app));
  app.decorate(
    'batchQueue',
    BatchQueue.create(deps.database, {
      heartbeatSeconds: config.BATCH_HEARTBEAT_SECONDS,
      log: app.log.child({ module: 'batches' }),
    }),
  );
  app.decorate('exportQueue', new ExportQueue(app.batchQueue));
  app.decorate(
    'webhookQueue',
    WebhookQueue.create(deps.database, {
      schedule: {
        delaySeconds: config.WEBHOOK_RETRY_DELAY_SECONDS,
        delayMaxSeconds: config.WEBHOOK_RETRY_DELAY_MAX_SECONDS,
        retries: config.WEBHOOK_RETRIES,
      },
      log: app.log.child({ module: 'webhooks' }),
    }),
  );
  app.decorate('webhookEvents', new WebhookEvents(app.webhookQueue));
  app.decorate(
    'spreadsheetReads',
    new Slots(config.SPREADSHEET_READS_AT_ONCE, config.SPREADSHEET_READ_WAIT_MS),
  );
  app.decorate(
    'spreadsheetThreads',
    spreadsheetThreads(config.SPREADSHEET_READS_AT_ONCE, app.log.child({ module: 'batches' })),
  );
  app.addHook('onClose', () => app.spreadsheetThreads.destroy());
  const maintenance = scheduleDatabaseMaintenance(deps.database, app.log.child({ module: 'database' }));
  app.addHook('onReady', async () => maintenance.start());
  app.addHook('onClose', () => maintenance.stop());
  app.decorate(
    'mailer',
    deps.mailer ?? createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, logger: app.log }),
  );
  app.decorate(
    'budgetNoticer',
    budgetNoticer({
      db: deps.database.db,
      mailer: app.mailer,
      appUrl: config.APP_URL,
      log: app.log.child({ module: 'budgets' }),
    }),
  );
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await app.register(named(openApiPlugin), { transform: jsonSchemaTransform });
  await app.register(named(errorsPlugin));
  await app.register(named(metricsPlugin));
  const batchMail = {
    db: deps.database.db,
    mailer: app.mailer,
    appUrl: config.APP_URL,
    log: app.log.child({ module: 'batches' }),
  };
  const handleRow = rowWorker({
    db: deps.database.db,
    queue: app.batchQueue,
    generate: pipelineRowGenerator(generationDeps(app, app.log.child({ module: 'batches' }))),
    usage: { freePlanWords: config.FREE_PLAN_WORDS, onCharge: app.budgetNoticer },
    replyTimeoutMs: config.AI_REPLY_TIMEOUT_MS,
    log: app.log.child({ module: 'batches' }),
    mailer: app.mailer,
    appUrl: config.APP_URL,
    metrics: app.batchMetrics,
    webhookEvents: app.webhookEvents,
  });
  app.addHook('onReady', () => app.batchQueue.start(handleRow));
  // After the batch queue's start, which starts the pg-boss both queues share.
  app.addHook('onReady', () =>
    app.exportQueue.start((exportId, signal) => runWorkspaceExport(app, exportId, signal)),
  );
  const deliver = deliveryWorker({
    db: deps.database.db,
    mailer: app.mailer,
    appUrl: config.APP_URL,
    log: app.log.child({ module: 'webhooks' }),
    allowLoopback: config.OUTBOUND_ALLOW_LOOPBACK,
    timeoutMs: config.WEBHOOK_TIMEOUT_MS,
    disableAfterFailedEvents: config.WEBHOOK_DISABLE_AFTER_FAILED_EVENTS,
  });
  app.addHook('onReady', () => app.webhookQueue.start(deliver));
  // Mails owed by batches that ended, or budget notices, while no server could send them (ADR 0031),
  // once this one is up and then every round.
  const readyAt = new Date();
  const owedMails = scheduleOwedMails({ ...batchMail, log: app.log.child({ module: 'mail' }) });
  app.addHook('onReady', async () => owedMails.start(readyAt));
  app.addHook('onClose', () => owedMails.stop());
  await app.register(named(jsonBodyPlugin));
  await app.register(named(securityPlugin));
  await app.register(named(compressPlugin));
  await app.register(named(cookie));
  await app.register(named(rateLimitPlugin));
  await app.register(named(mailBudgetsPlugin));
  await app.register(named(authPlugin));
  await app.register(named(auditContextPlugin));
  await app.register(named(idempotencyPlugin));
  await app.register(named(collabPlugin));

  // The built-in prompts ship with the code: at every start, after the migrations, the database's
  // rows are made to match them, before any request can read them.
  const promptLibrary = new BuiltInLibrary(catalogue);
  await seedBuiltInPrompts(app.db, promptLibrary);

  await app.register(named(healthRoutes));
  await app.register(
    named(async function apiRoutes(api) {
      await api.register(named(authRoutes), { prefix: '/auth' });
      await api.register(named(oauthRoutes), { prefix: '/auth/oauth' });
      await api.register(named(ssoSignInRoutes), { prefix: '/auth/sso' });
      await api.register(named(userRoutes), { prefix: '/user' });
      await api.register(named(accountRoutes), { prefix: '/user' });
      await api.register(named(workspaceRoutes), { prefix: '/workspace' });
      await api.register(named(memberRoutes), { prefix: '/workspace' });
      await api.register(named(storageRoutes), { prefix: '/workspace' });
      await api.register(named(workspaceExportRoutes), { prefix: '/workspace' });
      await api.register(named(styleRuleRoutes), { prefix: '/workspace' });
      // Projects, folders and chat declare full paths (/workspace/:id/projects, /project/:id/…),
      // so each feature owns its routes whatever the first path segment.
      await api.register(named(projectRoutes));
      await api.register(named(documentVersionRoutes));
      await api.register(named(folderRoutes));
      await api.register(named(chatRoutes));
      await api.register(named(documentTransformRoutes));
      await api.register(named(brandVoiceRoutes), { prefix: '/brand-voice' });
      await api.register(named(knowledgeRoutes));
      await api.register(named(promptRoutes), { prefix: '/prompt', library: promptLibrary });
      await api.register(named(templateRoutes));
      // Prices, subscriptions, the sandbox checkout and Stripe's webhook, under their own full paths.
      await api.register(named(billingRoutes));
      await api.register(named(invitationRoutes));
      await api.register(named(batchRoutes));
      await api.register(named(generateApiRoutes));
      await api.register(named(apiKeyRoutes));
      await api.register(named(budgetRoutes));
      await api.register(named(webhookRoutes));
      await api.register(named(ssoSettingsRoutes));
      await api.register(named(auditRoutes));
      await api.register(named(scimSettingsRoutes));
    }),
    { prefix: '/api' },
  );
  await app.register(
    named(
      scimRoutes({
        events: app.webhookEvents,
        closeAccess: (who) => app.collab.closeConnections(who, 'forbidden'),
      }),
      'scimRoutes',
    ),
    { prefix: SCIM_BASE_PATH },
  );
  if (!config.isProduction) await app.register(named(devRoutes), { prefix: '/dev' });

  await registerWebApp(app, config.WEB_DIST_DIR ? path.resolve(config.WEB_DIST_DIR) : defaultWebDist);

  // Closing the app lets the chat replies in progress finish within SHUTDOWN_GRACE_MS (counted from
  // the close, while new requests are already refused), then aborts and saves the rest, before any
  // other onClose hook runs: Fastify runs them last registered first, so the replies are saved while
  // the live conversation, Redis and the database are still open.
  // Batch rows stop being taken at once; those being written get the same grace, and any still
  // running then are delivered again later, to this instance's successor or another (ADR 0031).
  let repliesSettled: Promise<void> = Promise.resolve();
  let rowsSettled: Promise<void> = Promise.resolve();
  let deliveriesSettled: Promise<void> = Promise.resolve();
  app.addHook('preClose', (done) => {
    repliesSettled = app.openStreams.settle(config.SHUTDOWN_GRACE_MS, app.log);
    rowsSettled = app.batchQueue.stop(config.SHUTDOWN_GRACE_MS);
    // Attempts being sent get the same grace; one cut short is sent again, with the same webhook-id.
    deliveriesSettled = app.webhookQueue.stop(config.SHUTDOWN_GRACE_MS);
    done();
  });
  app.addHook('onClose', () => Promise.all([repliesSettled, rowsSettled, deliveriesSettled]).then(() => {}));
  return app;
}
