import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../lib/errors.ts';
import { requireProjectAccess } from '../../projects/access.ts';
import type { LiveConversations } from './hub.ts';
import { liveLine } from './transport.ts';

/** A listener's access is checked again before it is sent anything, at most this often (ms). */
export const ACCESS_RECHECK_MS = 1000;
/** An idle stream is sent a ping this often (ms): proxies keep it open, and access is checked again. */
export const LIVE_PING_MS = 15_000;

/** Where the live conversation goes (the route writes it to the HTTP response). */
export interface LiveStreamOut {
  /** The stream starts: until then a refusal is an ordinary error response. */
  open(): void;
  write(lines: string): void;
  end(): void;
  /** Called once when the client goes away. */
  onGone(listener: () => void): void;
}

/**
 * `GET /project/{id}/conversation/live`: follows the project's conversation for as long as the client
 * stays and may see the project (the same rule as everywhere, requireProjectAccess). Access is checked
 * when the stream opens, and again before anything is sent once the last check is older than
 * ACCESS_RECHECK_MS, and with every ping: so someone who loses access is sent nothing more than a
 * second after, and their idle stream closes by the next ping, ending with a `closed` part. A check
 * costs one query per listener and second while a reply streams, never one per token.
 */
export async function followConversation(
  deps: { db: Db; live: LiveConversations },
  input: { projectId: string; userId: string },
  context: { out: LiveStreamOut; log: FastifyBaseLogger },
): Promise<void> {
  const { db, live } = deps;
  const { projectId, userId } = input;
  const { out, log } = context;
  await requireProjectAccess(db, projectId, userId);
  out.open();

  let queue = '';
  let checking = false;
  let checkedAt = Date.now();
  let closed = false;
  let leave: (() => void) | undefined;
  const close = (last?: string) => {
    if (closed) return;
    closed = true;
    clearInterval(ping);
    leave?.();
    if (last) out.write(last);
    out.end();
  };
  const check = () => {
    checking = true;
    requireProjectAccess(db, projectId, userId).then(
      () => {
        checking = false;
        checkedAt = Date.now();
        flush();
      },
      (error: unknown) => {
        if (error instanceof AppError) {
          close(liveLine({ type: 'closed', reason: 'access' }));
          return;
        }
        // Not a refusal: the client reconnects, and its access is checked then.
        log.error({ err: error }, 'could not check live conversation access');
        close();
      },
    );
  };
  const flush = () => {
    if (closed || checking || !queue) return;
    if (Date.now() - checkedAt >= ACCESS_RECHECK_MS) {
      check();
      return;
    }
    out.write(queue);
    queue = '';
  };
  const send = (line: string) => {
    if (closed) return;
    queue += line;
    flush();
  };
  const ping = setInterval(() => {
    if (checking || closed) return;
    queue += liveLine({ type: 'ping' });
    check();
  }, LIVE_PING_MS);
  out.onGone(() => close());

  try {
    leave = await live.subscribe(projectId, { send, end: () => close() });
  } catch (error) {
    log.error({ err: error }, 'could not follow a live conversation');
    close();
    return;
  }
  if (closed) leave();
}
