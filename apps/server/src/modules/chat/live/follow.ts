import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../lib/errors.ts';
import { requireProjectAccess } from '../../projects/access.ts';
import { matches, type ConnectionFilter } from '../../collab/connections.ts';
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

/** What tells a stream, on every instance, that its access may have ended. */
export interface AccessSignals {
  /** The live documents' access changes (removed, left, made private, deleted): the filter of who. */
  onAccessChange(listener: (filter: ConnectionFilter) => void): () => void;
  /** Sessions signed out. */
  onRevoked(listener: (sessionId: string) => void): () => void;
}

/**
 * `GET /project/{id}/conversation/live`: follows the project's conversation for as long as the client
 * stays and may see the project (the same rule as everywhere, requireProjectAccess). Access is checked
 * when the stream opens; again at once whenever the modules that end access say it may have ended for
 * this stream (the same events that close live documents, from any instance), which ends the stream
 * with a `closed` part; before anything is sent once the last check is older than ACCESS_RECHECK_MS;
 * and with every ping. Signing out ends the session's streams. A check costs one query per listener and
 * second while a reply streams, never one per token.
 */
export async function followConversation(
  deps: { db: Db; live: LiveConversations; signals: AccessSignals },
  input: { projectId: string; userId: string; sessionId: string },
  context: { out: LiveStreamOut; log: FastifyBaseLogger },
): Promise<void> {
  const { db, live, signals } = deps;
  const { projectId, userId, sessionId } = input;
  const { out, log } = context;
  const { project } = await requireProjectAccess(db, projectId, userId);
  out.open();
  const who = { projectId, workspaceId: project.workspaceId, userId, sessionId };

  let queue = '';
  let checking = false;
  /** Access may have ended while a check was under way: check again once it answers. */
  let recheck = false;
  let checkedAt = Date.now();
  let closed = false;
  let leave: (() => void) | undefined;
  const close = (last?: string) => {
    if (closed) return;
    closed = true;
    clearInterval(ping);
    stopSignals();
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
        if (recheck) {
          recheck = false;
          check();
        } else flush();
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
  const stopAccess = signals.onAccessChange((filter) => {
    if (!matches(who, filter) || closed) return;
    if (checking) recheck = true;
    else check();
  });
  const stopRevoked = signals.onRevoked((revoked) => {
    if (revoked === sessionId) close();
  });
  function stopSignals() {
    stopAccess();
    stopRevoked();
  }
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
