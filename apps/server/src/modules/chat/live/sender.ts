import { inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { users } from '../../../db/schema.ts';
import { displayName } from '../../invitations/service.ts';

/** How long a sender's name is used once read: a new name shows on the requests sent after that. */
export const SENDER_NAME_TRUSTED_MS = 60_000;
/** Names kept at most; past it they are all dropped (each is worth one lookup). */
const SENDER_NAMES_KEPT = 10_000;

/**
 * The name the others see on a request (displayName), by user. A lookup of its own for every chat
 * turn cost PGlite's thread a third of what opening the turn does, so a name read is used for
 * SENDER_NAME_TRUSTED_MS, and the names asked for within one turn of the event loop are read in one
 * query (a burst of requests asks for many at once). Unknown users are named ''.
 */
export function senderNames(db: Db, now = Date.now): (userId: string) => Promise<string> {
  const known = new Map<string, { name: string; until: number }>();
  let asked: Map<string, Waiting[]> | null = null;

  const read = async (batch: Map<string, Waiting[]>) => {
    try {
      const rows = await db
        .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
        .from(users)
        .where(inArray(users.id, [...batch.keys()]));
      const until = now() + SENDER_NAME_TRUSTED_MS;
      if (known.size + batch.size > SENDER_NAMES_KEPT) known.clear();
      const names = new Map(rows.map((row) => [row.id, displayName(row)]));
      for (const [userId, waiting] of batch) {
        const name = names.get(userId) ?? '';
        known.set(userId, { name, until });
        for (const wait of waiting) wait.resolve(name);
      }
    } catch (error) {
      for (const waiting of batch.values()) for (const wait of waiting) wait.reject(error);
    }
  };

  return (userId) => {
    const hit = known.get(userId);
    if (hit && hit.until > now()) return Promise.resolve(hit.name);
    if (!asked) {
      const batch = (asked = new Map());
      setImmediate(() => {
        asked = null;
        void read(batch);
      });
    }
    const batch = asked;
    return new Promise<string>((resolve, reject) => {
      const waiting = batch.get(userId);
      if (waiting) waiting.push({ resolve, reject });
      else batch.set(userId, [{ resolve, reject }]);
    });
  };
}

interface Waiting {
  resolve(name: string): void;
  reject(error: unknown): void;
}
