/**
 * The throughput benchmark's yardstick: a bare Fastify server in a process of its own answering each
 * list route's path with the very JSON our server gave for it (read from BARE_PAYLOADS, a file of
 * `{path: body}`), serialised per request as a route returning an object is. No authentication, no
 * database; request logs at info as ours writes them, to /dev/null.
 */
import { createWriteStream, readFileSync } from 'node:fs';
import Fastify from 'fastify';
import { announceReady } from '../stream/protocol.ts';

const payloads = JSON.parse(readFileSync(process.env.BARE_PAYLOADS!, 'utf8')) as Record<string, unknown>;
const app = Fastify({ logger: { level: 'info', stream: createWriteStream('/dev/null') } });
for (const [path, body] of Object.entries(payloads)) app.get(path.split('?')[0]!, async () => body);
await app.listen({ port: 0, host: '127.0.0.1' });
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
announceReady({ port: (app.server.address() as { port: number }).port });
