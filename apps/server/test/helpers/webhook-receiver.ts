import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

/** One request as it crossed the wire, with what `standardwebhooks` made of its signature. */
export interface ReceivedHook {
  id: string;
  timestamp: number;
  headers: IncomingHttpHeaders;
  body: { type: string; timestamp: string; data: Record<string, unknown> };
  /** Whether `Webhook.verify` accepted it with the receiver's secret. */
  verified: boolean;
  /** The status this receiver answered. */
  answered: number;
  /** When it arrived (Date.now()). */
  at: number;
}

export interface WebhookReceiver {
  /** http://127.0.0.1:<port>/hooks — also while closed (down), so an endpoint can point at it first. */
  url: string;
  /** The endpoint's secret, which requests are verified with; set it once the endpoint is made. */
  secret: string;
  received: ReceivedHook[];
  /** The status for the n-th request (from 0); 200 by default. */
  answer: (n: number, hook: ReceivedHook) => number;
  /** Resolves once `done` holds for what arrived (already, or as requests come); rejects after `timeoutMs`. */
  waitFor(done: (received: ReceivedHook[]) => boolean, timeoutMs?: number): Promise<ReceivedHook[]>;
  /** Starts answering (again) on the same port; nothing when it already answers. */
  up(): Promise<void>;
  /** Stops answering: the port refuses connections. */
  down(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A real webhook receiver on 127.0.0.1, as a customer's server would be: it reads each POST, verifies
 * it with the `standardwebhooks` package's `Webhook.verify`, and answers as the test scripts it.
 */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const waiters = new Set<() => void>();
  let server: Server | null = null;
  let port = 0;

  const receiver: WebhookReceiver = {
    url: '',
    secret: '',
    received: [],
    answer: () => 200,
    waitFor(done, timeoutMs = 20_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (!done(receiver.received)) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(receiver.received);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(
            new Error(`The receiver did not get what was awaited: ${JSON.stringify(receiver.received)}`),
          );
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    async up() {
      if (server) return;
      server = createServer((req, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (chunk: Buffer) => chunks.push(chunk));
        req.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          let verified = true;
          try {
            new Webhook(receiver.secret).verify(raw, req.headers as Record<string, string>);
          } catch {
            verified = false;
          }
          const hook: ReceivedHook = {
            id: String(req.headers['webhook-id']),
            timestamp: Number(req.headers['webhook-timestamp']),
            headers: req.headers,
            body: JSON.parse(raw),
            verified,
            answered: 0,
            at: Date.now(),
          };
          hook.answered = receiver.answer(receiver.received.length, hook);
          receiver.received.push(hook);
          res.writeHead(hook.answered, { 'content-type': 'text/plain' }).end('ok');
          for (const waiter of [...waiters]) waiter();
        });
      });
      await new Promise<void>((resolve) => server!.listen(port, '127.0.0.1', resolve));
      port = (server.address() as AddressInfo).port;
      receiver.url = `http://127.0.0.1:${port}/hooks`;
    },
    async down() {
      const stopping = server;
      server = null;
      if (!stopping) return;
      stopping.closeAllConnections();
      await new Promise<void>((resolve) => stopping.close(() => resolve()));
    },
    close() {
      return receiver.down();
    },
  };
  await receiver.up();
  return receiver;
}
