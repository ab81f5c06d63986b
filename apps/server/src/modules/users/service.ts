import { and, eq, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { nameProblemMessage, resolveLocale, type ChangeNameBody, type Locale } from '@redacta/shared';
import { users } from '../../db/schema.ts';
import { emailChangedMail } from '../../mail/templates/email-changed-mail.ts';
import { AppError, isUniqueViolation } from '../../lib/errors.ts';
import { consumeCode } from '../auth/codes.ts';
import { emailFromIdentifier, sendCode } from '../auth/service.ts';

const EMAIL_TAKEN_MESSAGE = 'Ya existe una cuenta con esta dirección de correo electrónico';

/**
 * Both names are required and must pass the person-name rule the forms use (50 characters at most,
 * docs/product.md "Limits"); every failing field is listed with what it breaks, as the forms say it.
 */
export async function changeName(app: FastifyInstance, userId: string, input: ChangeNameBody) {
  const problems = (['firstName', 'lastName'] as const)
    .map((field) => ({ field, message: nameProblemMessage('person', input[field]) }))
    .filter((entry): entry is { field: 'firstName' | 'lastName'; message: string } => entry.message !== null);
  if (problems.length > 0) {
    const [first] = problems;
    throw new AppError(
      'VALIDATION_FAILED',
      `Enter a valid first name or last name: ${first!.message}`,
      400,
      problems.map(({ field, message }) => ({ path: field, message })),
    );
  }
  const [updated] = await app.db
    .update(users)
    .set({ firstName: input.firstName.trim(), lastName: input.lastName.trim() })
    .where(eq(users.id, userId))
    .returning({ id: users.id, firstName: users.firstName, lastName: users.lastName });
  return { id: updated!.id, firstName: updated!.firstName!, lastName: updated!.lastName! };
}

async function assertEmailFree(app: FastifyInstance, email: string, userId: string) {
  const [owner] = await app.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), ne(users.id, userId)));
  if (owner) throw new AppError('EMAIL_TAKEN', EMAIL_TAKEN_MESSAGE);
}

/**
 * Changing the e-mail proves the new address first: without a code, a code is mailed to it;
 * with the code, the address changes. Another account's address is refused both times.
 */
export async function changeEmail(
  app: FastifyInstance,
  userId: string,
  input: { email: string; code?: string },
): Promise<{ email: string } | null> {
  const email = emailFromIdentifier(input.email);
  const [user] = await app.db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new AppError('UNAUTHENTICATED', 'Sign in to continue');
  if (user.email === email) throw new AppError('EMAIL_UNCHANGED', 'That is already your e-mail address');
  await assertEmailFree(app, email, userId);

  if (!input.code) {
    await sendCode(app, { email, purpose: 'change_email', locale: user.locale, userId });
    return null;
  }
  await consumeCode(app.db, { email, purpose: 'change_email', userId, code: input.code });
  try {
    await app.db.update(users).set({ email }).where(eq(users.id, userId));
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('EMAIL_TAKEN', EMAIL_TAKEN_MESSAGE);
    throw error;
  }
  await tellPreviousAddress(app, { previous: user.email, email, locale: user.locale });
  return { email };
}

/**
 * The previous address hears of the change, so a change its owner did not make is noticed. The change
 * is already made: a notice that cannot be sent is logged rather than undoing it or failing the answer.
 */
async function tellPreviousAddress(
  app: FastifyInstance,
  change: { previous: string; email: string; locale: string },
) {
  try {
    await app.mailer.send(
      emailChangedMail({ to: change.previous, newEmail: change.email, locale: resolveLocale(change.locale) }),
    );
  } catch (error) {
    app.log.error({ err: error }, 'could not tell the previous address of an e-mail change');
  }
}

export async function changeLocale(app: FastifyInstance, userId: string, locale: Locale) {
  await app.db.update(users).set({ locale }).where(eq(users.id, userId));
}
