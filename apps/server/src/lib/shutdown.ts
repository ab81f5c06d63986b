import type { App } from '../app.ts';
import type { Database } from '../db/client.ts';

/** After the grace: time for aborted replies to be saved, connections to end and the database to close. */
export const SHUTDOWN_MARGIN_MS = 10_000;

/** How often connections that fell idle during the drain are closed (a closing server keeps them otherwise). */
const IDLE_SWEEP_MS = 250;

/**
 * Stops an instance without cutting its users off: no new work, the chat replies and batch rows in
 * progress finish, then the database and Redis close.
 *
 * `app.close()` first closes the live-document connections and stores their documents (the collab
 * module's preClose hook, while the database is open), then stops listening (new connections are
 * refused) and answers any request still arriving on a kept-alive connection with 503 and
 * `Connection: close` — `/readyz` included — so a proxy sends nothing more here. Replies in progress
 * get SHUTDOWN_GRACE_MS to finish; those still open are then aborted exactly as when their sender stops
 * them (the partial text saved and its words charged), and the app's close ends only once each of them
 * is saved (app.ts). The batch queue takes no new row; a row still being written after the grace is
 * left to be written again by whichever instance works the queue next (ADR 0031). Redis closes with the app; the database closes last.
 */
export async function drainAndClose(app: App, database: Pick<Database, 'close'>): Promise<void> {
  const closed = app.close();
  // A keep-alive connection whose last response ends during the drain would hold the close until its
  // client or the keep-alive timeout ends it: close such connections as they fall idle.
  const sweep = setInterval(() => app.server.closeIdleConnections(), IDLE_SWEEP_MS);
  try {
    await closed;
  } finally {
    clearInterval(sweep);
  }
  await database.close();
  app.log.info('stopped');
}
