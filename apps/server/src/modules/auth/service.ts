import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  isValidEmail,
  looksLikePhoneNumber,
  normalizeEmail,
  type Locale,
  type LoginResponse,
  type SessionUser,
} from '@redacta/shared';
import { users } from '../../db/schema.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { codeMail } from '../../mail/templates/code-mail.ts';
import { createPersonalWorkspace } from '../workspaces/service.ts';
import { consumeCode, issueCode, type CodePurpose } from './codes.ts';
import { startSession } from './session.ts';

type UserRow = typeof users.$inferSelect;

export function toSessionUser(user: UserRow): SessionUser {
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ');
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    name: name || user.email,
    picture: user.picture,
    locale: user.locale,
  };
}

export async function findSessionUser(app: FastifyInstance, userId: string): Promise<SessionUser> {
  const [user] = await app.db.select().from(users).where(eq(users.id, userId));
  if (!user) throw notFound('User');
  return toSessionUser(user);
}

/**
 * What was typed as the identifier, as an address: a phone number gets the spec's own message,
 * anything else that is not an e-mail a validation error.
 */
export function emailFromIdentifier(raw: string): string {
  if (looksLikePhoneNumber(raw)) {
    throw new AppError(
      'PHONE_LOGIN_UNSUPPORTED',
      'El inicio de sesión con número de teléfono no está disponible',
      400,
    );
  }
  const email = normalizeEmail(raw);
  if (!isValidEmail(email)) throw new AppError('VALIDATION_FAILED', 'Enter a valid e-mail address');
  return email;
}

/** Creates a code for the address and mails it; the caller answers the same whether or not the account exists. */
export async function sendCode(
  app: FastifyInstance,
  target: { email: string; purpose: CodePurpose; locale: Locale; userId?: string },
): Promise<void> {
  const code = await issueCode(app.db, target);
  const link =
    target.purpose === 'login'
      ? `${app.config.APP_URL}/login?${new URLSearchParams({ email: target.email, code })}`
      : undefined;
  try {
    await app.mailer.send(
      codeMail({ to: target.email, code, locale: target.locale, purpose: target.purpose, link }),
    );
  } catch (error) {
    app.log.error({ err: error }, 'could not send the code e-mail');
    throw new AppError('INTERNAL', 'We could not send the e-mail; try again in a minute', 503);
  }
}

export async function requestLoginCode(
  app: FastifyInstance,
  raw: string,
  requestedLocale: Locale | undefined,
) {
  const email = emailFromIdentifier(raw);
  const [existing] = await app.db.select({ locale: users.locale }).from(users).where(eq(users.email, email));
  const locale = requestedLocale ?? existing?.locale ?? 'es';
  await sendCode(app, { email, purpose: 'login', locale });
}

/**
 * Signs in with a mailed code. The first sign-in of an address registers it: the user and a
 * personal free workspace are created together, or not at all.
 */
export async function loginWithCode(
  app: FastifyInstance,
  reply: FastifyReply,
  input: { email: string; code: string },
): Promise<LoginResponse> {
  const email = emailFromIdentifier(input.email);
  const { locale } = await consumeCode(app.db, { email, purpose: 'login', code: input.code });
  let [user] = await app.db.select().from(users).where(eq(users.email, email));
  const isRegistration = !user;
  if (!user) {
    user = await app.db.transaction(async (tx) => {
      const [created] = await tx.insert(users).values({ email, locale }).returning();
      await createPersonalWorkspace(tx, { id: created!.id, email, locale });
      return created!;
    });
  }
  const accessToken = await startSession(app, reply, user.id);
  return { accessToken, user: { ...toSessionUser(user), isRegistration } };
}
