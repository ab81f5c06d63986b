/**
 * The benchmarks' model server in a process of its own (its work is not charged to the server under
 * test): the tests' OpenAI-protocol peer, every request answered with PEER_TOKENS one-word chunks, one
 * every PEER_DELAY_MS — for the capacity benchmark 1 token/s for longer than the run lasts.
 */
import { startOpenAIPeer } from '../../test/helpers/openai-peer.ts';
import { announceReady } from '../stream/protocol.ts';

const tokens = Number(process.env.PEER_TOKENS ?? 3600);
const delayMs = Number(process.env.PEER_DELAY_MS ?? 1000);

const peer = await startOpenAIPeer({
  chunks: Array.from({ length: tokens }, (_, i) => ` palabra${i}`),
  delayMs,
});
// Only the count matters here; the records would otherwise grow for as long as the benchmark runs.
setInterval(() => peer.requests.splice(0), 10_000).unref();
process.once('SIGTERM', () => void peer.close().then(() => process.exit(0)));
announceReady({ port: Number(new URL(peer.url).port), url: peer.url });
