import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/client.ts';
import { users } from '../../src/db/schema.ts';
import { SENDER_NAME_TRUSTED_MS, senderNames } from '../../src/modules/chat/live/sender.ts';
import { workerDatabase } from '../helpers/database.ts';

let db: Db;

beforeAll(async () => {
  ({ db } = await workerDatabase());
});

async function addUser(firstName: string, lastName: string | null) {
  const [user] = await db
    .insert(users)
    .values({ email: `sender-${randomUUID().slice(0, 8)}@example.com`, firstName, lastName })
    .returning({ id: users.id });
  return user!.id;
}

describe('senderNames (the name on a live request)', () => {
  it('names every sender asked for at once, and nobody for an unknown id', async () => {
    const ana = await addUser('Ana', 'García');
    const ben = await addUser('Ben', null);
    const senderName = senderNames(db);
    expect(await Promise.all([senderName(ana), senderName(ben), senderName(randomUUID())])).toEqual([
      'Ana García',
      'Ben',
      '',
    ]);
  });

  it('uses a name it read for a minute, then reads it again', async () => {
    const ana = await addUser('Ana', 'García');
    let clock = 1_000_000;
    const senderName = senderNames(db, () => clock);
    expect(await senderName(ana)).toBe('Ana García');
    await db.update(users).set({ firstName: 'Anabel' }).where(eq(users.id, ana));

    clock += SENDER_NAME_TRUSTED_MS - 1;
    expect(await senderName(ana)).toBe('Ana García');
    clock += 1;
    expect(await senderName(ana)).toBe('Anabel García');
  });
});
