import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { users } from '../../../db/schema.ts';
import { displayName } from '../../invitations/service.ts';

/** The name the others see on a request (displayName). One lookup per chat turn, beside the turn's own work. */
export async function senderName(db: Db, userId: string): Promise<string> {
  const [user] = await db
    .select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  return user ? displayName(user) : '';
}
