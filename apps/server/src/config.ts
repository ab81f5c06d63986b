import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import {
  billingModes,
  DEFAULT_FREE_PLAN_WORDS,
  isValidEmail,
  prices,
  type BillingMode,
} from '@redacta/shared';

/**
 * PostgreSQL connections per instance. Ten (node-postgres's default) measured worse under load: at 200
 * simultaneous chat requests each database call waits for a connection, and a connection is free again
 * only once the busy event loop reads its answer; with 20 the streaming benchmark's first-token p99 on
 * PostgreSQL fell from ~600 to ~350 ms.
 */
export const DEFAULT_DATABASE_POOL_SIZE = 20;

/** Where the server listens when HOST is unset: this machine only. HOST=0.0.0.0 opens it to the network. */
export const DEFAULT_HOST = '127.0.0.1';

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);
const optionalUrl = z.preprocess(emptyToUndefined, z.url().optional());
const optionalString = z.preprocess(emptyToUndefined, z.string().min(1).optional());
const optionalFlag = z.preprocess(
  emptyToUndefined,
  z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
);

const envObject = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.preprocess(emptyToUndefined, z.string().default(DEFAULT_HOST)),
  APP_URL: z.preprocess(emptyToUndefined, z.url().optional()),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
      .optional(),
  ),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(DEFAULT_DATABASE_POOL_SIZE),
  JWT_SECRET: z.preprocess(emptyToUndefined, z.string().min(32, 'must be at least 32 characters').optional()),
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().default('Redacta <no-reply@redacta.local>'),
  REDIS_URL: optionalUrl,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Readable lines or JSON; unset: readable in development in a terminal, JSON everywhere else. */
  LOG_FORMAT: z.preprocess(emptyToUndefined, z.enum(['pretty', 'json']).optional()),
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  FREE_PLAN_WORDS: z.coerce.number().int().nonnegative().default(DEFAULT_FREE_PLAN_WORDS),
  /** A document's automatic version is taken once its oldest edit not in a version is this old (10 min). */
  DOCUMENT_VERSION_INTERVAL_MS: z.coerce.number().int().positive().default(600_000),
  WEB_DIST_DIR: optionalString,
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  GOOGLE_ISSUER: z.preprocess(emptyToUndefined, z.url().default('https://accounts.google.com')),
  FACEBOOK_CLIENT_ID: optionalString,
  FACEBOOK_CLIENT_SECRET: optionalString,
  FACEBOOK_DIALOG_URL: z.preprocess(
    emptyToUndefined,
    z.url().default('https://www.facebook.com/v19.0/dialog/oauth'),
  ),
  FACEBOOK_GRAPH_URL: z.preprocess(emptyToUndefined, z.url().default('https://graph.facebook.com/v19.0')),
  RATE_LIMIT_CODE_REQUESTS_PER_HOUR: z.coerce.number().int().positive().default(5),
  RATE_LIMIT_LOGIN_ATTEMPTS_PER_15MIN: z.coerce.number().int().positive().default(20),
  RATE_LIMIT_INVITATIONS_PER_HOUR: z.coerce.number().int().positive().default(30),
  RATE_LIMIT_KNOWLEDGE_ADDS_PER_HOUR: z.coerce.number().int().positive().default(60),
  RATE_LIMIT_DATA_EXPORTS_PER_HOUR: z.coerce.number().int().positive().default(5),
  RATE_LIMIT_API_KEY_REQUESTS_PER_MINUTE: z.coerce.number().int().positive().default(120),
  RATE_LIMIT_SCIM_REQUESTS_PER_MINUTE: z.coerce.number().int().positive().default(600),
  // AI provider (src/ai/models.ts): OpenAI or any OpenAI-compatible server, Anthropic, or the demo writer.
  OPENAI_API_KEY: optionalString,
  OPENAI_BASE_URL: optionalUrl,
  ANTHROPIC_API_KEY: optionalString,
  /** Inferred when absent: openai with an OpenAI key or base URL, else anthropic with its key, else demo. */
  AI_PROVIDER: z.preprocess(emptyToUndefined, z.enum(['openai', 'anthropic', 'demo']).optional()),
  AI_MODEL: optionalString,
  AI_MODEL_PREMIUM: optionalString,
  AI_MODEL_LABEL: optionalString,
  AI_MODEL_PREMIUM_LABEL: optionalString,
  AI_FIRST_TOKEN_TIMEOUT_MS: z.coerce.number().int().positive().default(60_000),
  AI_IDLE_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
  AI_REPLY_TIMEOUT_MS: z.coerce.number().int().positive().default(600_000),
  /** A SearXNG instance (JSON API enabled): the chat's web_search tool for current facts. */
  SEARCH_URL: optionalUrl,
  // Billing (src/modules/billing): Stripe, the offline sandbox, or off. See docs/configuration.md.
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  /** Where the Stripe SDK sends its requests instead of api.stripe.com: tests point it at a local peer. */
  STRIPE_API_BASE: optionalUrl,
  STRIPE_AUTOMATIC_TAX: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** Inferred when absent: stripe with a secret key, else sandbox outside production, else off. */
  BILLING_MODE: z.preprocess(emptyToUndefined, z.enum(billingModes).optional()),
  /** Euros per extra seat, shown when Stripe's prices are not used (sandbox and off). */
  ADDITIONAL_SEAT_PRICE_MONTHLY: z.coerce.number().nonnegative().default(prices.additionalSeatMonthly),
  ADDITIONAL_SEAT_PRICE_YEARLY: z.coerce.number().nonnegative().default(prices.additionalSeatYearly),
  /** The address the pricing page's Enterprise plan offers to write to; no contact action when unset. */
  ENTERPRISE_CONTACT_EMAIL: z.preprocess(
    emptyToUndefined,
    z.string().refine(isValidEmail, 'must be an e-mail address').optional(),
  ),
  /**
   * Lets every outbound request (knowledge pages, webhooks) reach this machine's loopback addresses
   * (tests, local use); refused in production. Unset: the older name KNOWLEDGE_ALLOW_LOOPBACK, else off.
   */
  OUTBOUND_ALLOW_LOOPBACK: optionalFlag,
  /** The older name of OUTBOUND_ALLOW_LOOPBACK, still read. */
  KNOWLEDGE_ALLOW_LOOPBACK: optionalFlag,
  /**
   * The DNS servers that check a single sign-on domain's TXT record (modules/sso): comma-separated
   * `address[:port]` (e.g. `127.0.0.1:5353`). Unset: the system's resolvers.
   */
  DNS_RESOLVER: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .transform((value) => value.split(',').map((server) => server.trim()))
      .refine(
        (servers) => servers.every((server) => /^(?:\[[0-9a-f:.]+\]|[0-9.]+)(?::\d{1,5})?$/i.test(server)),
        'must be IP addresses with optional ports, comma-separated',
      )
      .optional(),
  ),
  // Knowledge (src/modules/knowledge): web pages fetched safely, optional embeddings. See docs/configuration.md.
  KNOWLEDGE_FETCH_TIMEOUT_MS: z.coerce.number().int().positive().default(15_000),
  KNOWLEDGE_FETCH_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(5 * 1024 * 1024),
  /** Sources processed at once by each instance. */
  KNOWLEDGE_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(2),
  /** An OpenAI-compatible API base (…/v1) whose /embeddings embeds passages; full-text search alone without it. */
  KNOWLEDGE_EMBEDDING_URL: optionalUrl,
  KNOWLEDGE_EMBEDDING_KEY: optionalString,
  KNOWLEDGE_EMBEDDING_MODEL: optionalString,
  /** A live document is stored after this pause in its editing… */
  COLLAB_STORE_DEBOUNCE_MS: z.coerce.number().int().positive().default(2000),
  /** …and at least this often while the editing goes on. */
  COLLAB_STORE_MAX_WAIT_MS: z.coerce.number().int().positive().default(10_000),
  /**
   * A batch row's job is taken back from an instance that stopped answering (killed, cut off) after
   * this long without a heartbeat, and generated again elsewhere (ADR 0031).
   */
  BATCH_HEARTBEAT_SECONDS: z.coerce.number().int().min(10).max(600).default(30),
  /**
   * Spreadsheets an instance reads at once, each in a thread with a heap of up to 256 MB; an upload
   * past them waits its turn for SPREADSHEET_READ_WAIT_MS, then is answered 429 with a Retry-After.
   */
  SPREADSHEET_READS_AT_ONCE: z.coerce.number().int().positive().default(2),
  SPREADSHEET_READ_WAIT_MS: z.coerce.number().int().nonnegative().default(15_000),
  /** How long a stopping server lets chat replies in progress finish before it aborts them. */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().nonnegative().default(25_000),
  // Webhooks (src/modules/webhooks): the retry schedule and when an endpoint is turned off. See docs/api.md.
  /**
   * A failed delivery is tried again after 1–2 times this, then each wait doubles (pg-boss's backoff,
   * with jitter) up to WEBHOOK_RETRY_DELAY_MAX_SECONDS, WEBHOOK_RETRIES times: about a day by default.
   */
  WEBHOOK_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).default(4),
  WEBHOOK_RETRY_DELAY_MAX_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .default(4 * 3600),
  WEBHOOK_RETRIES: z.coerce.number().int().min(0).max(50).default(16),
  /** An endpoint is turned off, and its workspace's owner mailed, once this many events in a row failed every attempt. */
  WEBHOOK_DISABLE_AFTER_FAILED_EVENTS: z.coerce.number().int().min(1).default(5),
  /** How long a receiver has to answer one attempt. */
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  /** Prometheus metrics on a listener of their own; off unless set (never on the public port). */
  METRICS_PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(65535).optional()),
  /** Where the metrics listener binds; HOST when unset. */
  METRICS_HOST: optionalString,
});

export type AiProvider = 'openai' | 'anthropic' | 'demo';

type ProviderSettings = Partial<
  Pick<z.infer<typeof envObject>, 'AI_PROVIDER' | 'OPENAI_API_KEY' | 'OPENAI_BASE_URL' | 'ANTHROPIC_API_KEY'>
>;

/** The AI provider in use: the one chosen, else OpenAI with its key or base URL, else Anthropic, else demo. */
export function resolveAiProvider(settings: ProviderSettings): AiProvider {
  if (settings.AI_PROVIDER) return settings.AI_PROVIDER;
  if (settings.OPENAI_BASE_URL || settings.OPENAI_API_KEY) return 'openai';
  if (settings.ANTHROPIC_API_KEY) return 'anthropic';
  return 'demo';
}

type BillingSettings = Partial<
  Pick<z.infer<typeof envObject>, 'BILLING_MODE' | 'STRIPE_SECRET_KEY' | 'NODE_ENV'>
>;

/** The billing mode in use: the one chosen, else Stripe with its key, else the sandbox outside production. */
export function resolveBillingMode(settings: BillingSettings): BillingMode {
  if (settings.BILLING_MODE) return settings.BILLING_MODE;
  if (settings.STRIPE_SECRET_KEY) return 'stripe';
  return settings.NODE_ENV === 'production' ? 'off' : 'sandbox';
}

/**
 * Rules between keys, checked even when other keys are bad so that one start lists every problem: a
 * production server needs its secret and public address; a chosen AI provider needs its key; Stripe
 * billing needs its secret key and webhook secret, and the API base is for tests only; outbound
 * requests to loopback are for tests and local use only, and an embedding endpoint needs its model.
 */
const envSchema = envObject.superRefine(
  (env, ctx) => {
    const require = (key: keyof typeof env, why: string) => {
      if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: `required ${why}` });
    };
    if (env.NODE_ENV === 'production') {
      require('JWT_SECRET', 'in production');
      require('APP_URL', 'in production');
    }
    if (env.METRICS_PORT !== undefined && env.METRICS_PORT !== 0 && env.METRICS_PORT === env.PORT) {
      ctx.addIssue({
        code: 'custom',
        path: ['METRICS_PORT'],
        message: 'must differ from PORT: metrics are never served on the public port',
      });
    }
    const provider = resolveAiProvider(env);
    if (provider === 'anthropic') require('ANTHROPIC_API_KEY', 'with AI_PROVIDER=anthropic');
    if (provider === 'openai' && !env.OPENAI_BASE_URL) {
      require('OPENAI_API_KEY', 'with AI_PROVIDER=openai (or set OPENAI_BASE_URL)');
    }
    if (resolveBillingMode(env) === 'stripe') {
      require('STRIPE_SECRET_KEY', 'with BILLING_MODE=stripe');
      require('STRIPE_WEBHOOK_SECRET', 'with Stripe billing (STRIPE_SECRET_KEY or BILLING_MODE=stripe)');
    }
    for (const key of ['OUTBOUND_ALLOW_LOOPBACK', 'KNOWLEDGE_ALLOW_LOOPBACK'] as const) {
      if (env[key] && env.NODE_ENV === 'production') {
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: 'is for tests and local use only, not production',
        });
      }
    }
    if (env.KNOWLEDGE_EMBEDDING_URL) require('KNOWLEDGE_EMBEDDING_MODEL', 'with KNOWLEDGE_EMBEDDING_URL');
    if (env.STRIPE_API_BASE && env.NODE_ENV === 'production') {
      ctx.addIssue({
        code: 'custom',
        path: ['STRIPE_API_BASE'],
        message: 'is for tests only, not production',
      });
    }
  },
  { when: () => true },
);

export type Env = z.infer<typeof envSchema>;

export interface Config extends Omit<
  Env,
  'JWT_SECRET' | 'APP_URL' | 'OUTBOUND_ALLOW_LOOPBACK' | 'KNOWLEDGE_ALLOW_LOOPBACK'
> {
  APP_URL: string;
  OUTBOUND_ALLOW_LOOPBACK: boolean;
  JWT_SECRET: string;
  isProduction: boolean;
  isDevelopment: boolean;
  billingMode: BillingMode;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/**
 * Reads the environment once. In development a JWT secret is generated and kept under DATA_DIR so
 * sessions survive restarts; in production a missing secret is an error like any other bad value.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }

  const { KNOWLEDGE_ALLOW_LOOPBACK, ...data } = parsed.data;
  const dataDir = path.resolve(data.DATA_DIR);
  return {
    ...data,
    OUTBOUND_ALLOW_LOOPBACK: data.OUTBOUND_ALLOW_LOOPBACK ?? KNOWLEDGE_ALLOW_LOOPBACK ?? false,
    DATA_DIR: dataDir,
    APP_URL: (data.APP_URL ?? `http://localhost:${data.PORT}`).replace(/\/$/, ''),
    JWT_SECRET: data.JWT_SECRET ?? persistedDevSecret(dataDir, data.NODE_ENV),
    isProduction: data.NODE_ENV === 'production',
    isDevelopment: data.NODE_ENV === 'development',
    billingMode: resolveBillingMode(data),
  };
}

function persistedDevSecret(dataDir: string, nodeEnv: Env['NODE_ENV']): string {
  if (nodeEnv === 'test') return randomBytes(32).toString('hex');
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
