import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { users } from '../../../db/schema.ts';

/**
 * The name the others see on a request: the sender's first and last name, or their e-mail address
 * when they gave no name. One lookup per chat turn, beside the turn's own work.
 */
export async function senderName(db: Db, userId: string): Promise<string> {
  const [user] = await db
    .select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) return '';
  const name = [user.firstName, user.lastName].map((part) => part?.trim() ?? '').filter(Boolean).join(' ');
  return name || user.email;
}
