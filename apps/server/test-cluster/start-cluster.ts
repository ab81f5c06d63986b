import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase, type Database } from '../src/db/client.ts';
import { peerAppEnv, startOpenAIPeer, type OpenAIPeer } from '../test/helpers/openai-peer.ts';
import { startSmtpSink, type SmtpSink } from '../test/helpers/smtp-sink.ts';
import { startStripePeer, type StripePeer } from '../test/helpers/stripe-peer.ts';
import { startChildServer, type ChildServer, type LogLine } from '../test/ops/child-server.ts';
import { freshDatabase, freshRedisDatabase, type Claimed } from './backing-services.ts';
import { startNginx, type RunningNginx } from './nginx.ts';
import { freePort } from '../test/helpers/free-port.ts';

export const STRIPE_SECRET_KEY = 'sk_test_redacta_cluster';
export const STRIPE_WEBHOOK_SECRET = 'whsec_redacta_cluster';
/** How long a stopping instance lets replies finish: far beyond the test's replies (a few seconds). */
export const SHUTDOWN_GRACE_MS = 20_000;

export interface Instance {
  name: 'A' | 'B';
  port: number;
  /** The instance's own address, bypassing nginx. */
  url: string;
  /** Its metrics listener's address (METRICS_PORT), where `/metrics` is scraped. */
  metricsUrl: string;
  metricsPort: number;
  /** The process running now. */
  server: ChildServer;
  /** Every process this instance has run, the current one last: their logs stay searchable. */
  runs: ChildServer[];
}

export interface Cluster {
  /** nginx: the one public address. */
  url: string;
  instances: readonly [Instance, Instance];
  peer: OpenAIPeer;
  sink: SmtpSink;
  stripe: StripePeer;
  /** The database both instances use, opened by the test to check what they wrote. */
  database: Database;
  other(instance: Instance): Instance;
  /** Starts the instance's process again, on its port, with the same environment. */
  restart(instance: Instance): Promise<void>;
  /**
   * The instance that answered the request with this id (the `X-Request-Id` a response carries):
   * the one that logged its end, with another status than a draining instance's 503.
   */
  answeredBy(requestId: string): Promise<Instance>;
  /** Everything nginx and the instances logged, for failure messages. */
  logs(): string;
  stop(): Promise<void>;
}

const endedHere = (requestId: string) => (line: LogLine) =>
  line.reqId === requestId &&
  ((line.msg === 'request completed' && (line.res as { statusCode: number }).statusCode !== 503) ||
    line.msg === 'chat turn ended');

/**
 * Two instances of the real server (its entry, each a process of its own on a port of its own) on one
 * fresh PostgreSQL database and one Redis database, with the local OpenAI-protocol model, SMTP sink and
 * Stripe peer every instance talks to, and nginx in front with the published configuration. Both
 * instances start at once on the empty database (docs/deploy.md: nothing needs starting in order).
 */
export async function startCluster(): Promise<Cluster> {
  const run = `${process.pid}_${Date.now().toString(36)}`;
  const dir = mkdtempSync(path.join(tmpdir(), 'redacta-cluster-'));
  const cleanups: (() => Promise<unknown> | void)[] = [() => rmSync(dir, { recursive: true, force: true })];
  const stop = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  };
  try {
    const claimedDatabase: Claimed = await freshDatabase(run);
    cleanups.push(() => claimedDatabase.release());
    const redis = await freshRedisDatabase(run);
    cleanups.push(() => redis.release());
    const peer = await startOpenAIPeer();
    cleanups.push(() => peer.close());
    const sink = await startSmtpSink();
    cleanups.push(() => sink.close());
    const stripe = await startStripePeer({ secretKey: STRIPE_SECRET_KEY });
    cleanups.push(() => stripe.close());

    const nginxPort = await freePort();
    const url = `http://127.0.0.1:${nginxPort}`;
    // What docs/deploy.md asks of every instance: the same database, Redis, JWT secret and public
    // address, and TRUST_PROXY behind nginx.
    const sharedEnv: Record<string, string> = {
      DATABASE_URL: claimedDatabase.url,
      REDIS_URL: redis.url,
      JWT_SECRET: randomBytes(32).toString('hex'),
      // Debug lines say when each batch row was written on which instance, and how long it took.
      LOG_LEVEL: 'debug',
      APP_URL: url,
      TRUST_PROXY: 'true',
      SMTP_URL: sink.url,
      BILLING_MODE: 'stripe',
      STRIPE_SECRET_KEY,
      STRIPE_WEBHOOK_SECRET,
      STRIPE_API_BASE: stripe.apiBase,
      ...peerAppEnv(peer, {
        FREE_PLAN_WORDS: '1000000',
        // Longer than the drain's grace: a request still waiting for its first token when the grace
        // ends is sent to the other instance, not failed by its own timeout first.
        AI_FIRST_TOKEN_TIMEOUT_MS: String(SHUTDOWN_GRACE_MS * 3),
        AI_IDLE_TIMEOUT_MS: '20000',
        SHUTDOWN_GRACE_MS: String(SHUTDOWN_GRACE_MS),
      }),
      // The shortest the queue allows: rows an instance killed mid-batch held come back to the other
      // after 10 to 20 s, not the default's 30 to 60 s that the suite would spend waiting. A live
      // instance's rows are never lost to it: a row delivered again is claimed anew and written once.
      BATCH_HEARTBEAT_SECONDS: '10',
    };
    const envOf = (instance: Pick<Instance, 'name' | 'port' | 'metricsPort'>) => {
      const dataDir = path.join(dir, `instance-${instance.name}`);
      mkdirSync(dataDir, { recursive: true });
      return {
        ...sharedEnv,
        PORT: String(instance.port),
        METRICS_PORT: String(instance.metricsPort),
        METRICS_HOST: '127.0.0.1',
        DATA_DIR: dataDir,
      };
    };
    // Both at once on the empty database: they take turns to migrate it.
    const ports: number[] = [nginxPort];
    while (ports.length < 5) {
      const port = await freePort();
      if (!ports.includes(port)) ports.push(port);
    }
    const instances = await Promise.all(
      (['A', 'B'] as const).map(async (name, index): Promise<Instance> => {
        const port = ports[1 + index]!;
        const metricsPort = ports[3 + index]!;
        const server = await startChildServer(envOf({ name, port, metricsPort }));
        const instance: Instance = {
          name,
          port,
          url: `http://127.0.0.1:${port}`,
          metricsPort,
          metricsUrl: `http://127.0.0.1:${metricsPort}`,
          server,
          runs: [server],
        };
        cleanups.push(() => {
          if (instance.server.process.exitCode === null) instance.server.process.kill('SIGKILL');
        });
        return instance;
      }),
    );
    const [a, b] = instances as [Instance, Instance];

    const database = await openDatabase({ databaseUrl: claimedDatabase.url, dataDir: null, poolSize: 2 });
    cleanups.push(() => database.close());

    const nginxDir = path.join(dir, 'nginx');
    mkdirSync(nginxDir);
    const nginx: RunningNginx = await startNginx({
      dir: nginxDir,
      listenPort: nginxPort,
      instancePorts: [a.port, b.port],
    });
    cleanups.push(() => nginx.stop());

    const logs = () =>
      [
        `--- nginx\n${nginx.errorLog()}`,
        ...instances.flatMap((instance) =>
          instance.runs.map((server, i) => `--- instance ${instance.name}, run ${i + 1}\n${server.output()}`),
        ),
      ].join('\n');

    return {
      url,
      instances: [a, b],
      peer,
      sink,
      stripe,
      database,
      other: (instance) => (instance === a ? b : a),
      async restart(instance) {
        const server = await startChildServer(envOf(instance));
        instance.server = server;
        instance.runs.push(server);
      },
      async answeredBy(requestId) {
        const match = endedHere(requestId);
        const deadline = Date.now() + 15_000;
        for (;;) {
          const found = instances.filter((instance) =>
            instance.runs.some((server) => server.lines.some(match)),
          );
          if (found.length > 1) throw new Error(`both instances answered request ${requestId}`);
          if (found[0]) return found[0];
          if (Date.now() > deadline) throw new Error(`no instance logged request ${requestId}:\n${logs()}`);
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      },
      logs,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
