import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  isValidEmail,
  looksLikePhoneNumber,
  normalizeEmail,
  type Locale,
  type LoginResponse,
  type SessionUser,
} from '@redacta/shared';
import { users } from '../../db/schema.ts';
import { AppError, isUniqueViolation } from '../../lib/errors.ts';
import { codeMail } from '../../mail/templates/code-mail.ts';
import { refuseWhereSsoRequired } from '../sso/enforcement.ts';
import { createPersonalWorkspace } from '../workspaces/service.ts';
import { consumeCode, issueCode, type CodePurpose } from './codes.ts';
import type { RefreshCookie } from './refresh-cookie.ts';
import { startSession } from './session.ts';
import { recordFailedSignIn, recordSignIn } from '../audit/index.ts';

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

/**
 * The user behind a valid token. An account deleted since the token was issued answers 401, so
 * the client goes back to sign-in instead of showing a 404 for its own profile.
 */
export async function findSessionUser(app: FastifyInstance, userId: string): Promise<SessionUser> {
  const [user] = await app.db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new AppError('UNAUTHENTICATED', 'Sign in to continue');
  return toSessionUser(user);
}

/**
 * What was typed as the identifier, as an address. Sign-in is by e-mail only: a phone number gets its
 * own refusal, `PHONE_LOGIN_UNSUPPORTED`, so the user learns why; anything else that is not an e-mail
 * is a validation error.
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

/**
 * Creates a code for the address and mails it; the caller answers the same whether or not the account
 * exists. Sign-in and change-of-address codes spend one budget per address, counted before the code is
 * made, so a refusal leaves the address's current code working.
 */
export async function sendCode(
  app: FastifyInstance,
  target: { email: string; purpose: CodePurpose; locale: Locale; userId?: string },
): Promise<void> {
  await app.mailBudgets.codeMail(target.email);
  const code = await issueCode(app.db, target);
  // encodeURIComponent: "+", "&" and "=" are valid in a local part, and the link must read back the
  // same with any URL parser.
  const link =
    target.purpose === 'login'
      ? `${app.config.APP_URL}/login?email=${encodeURIComponent(target.email)}&code=${code}`
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
  await refuseWhereSsoRequired(app.db, email);
  const [existing] = await app.db.select({ locale: users.locale }).from(users).where(eq(users.email, email));
  const locale = requestedLocale ?? existing?.locale ?? 'es';
  await sendCode(app, { email, purpose: 'login', locale });
}

/**
 * Signs in with a mailed code. The first sign-in of an address registers it: the user and a
 * personal free workspace are created together, or not at all. The route sets the refresh cookie.
 */
export async function loginWithCode(
  app: FastifyInstance,
  input: { email: string; code: string },
): Promise<{ response: LoginResponse; refreshCookie: RefreshCookie }> {
  const email = emailFromIdentifier(input.email);
  const consume = async () => {
    // A code mailed before the workspace began to require single sign-on no longer signs in.
    await refuseWhereSsoRequired(app.db, email);
    return consumeCode(app.db, { email, purpose: 'login', code: input.code });
  };
  const { locale } = await consume().catch(async (error: unknown) => {
    if (error instanceof AppError)
      await recordFailedSignIn(app.db, { email, method: 'email', reason: error.code });
    throw error;
  });
  const { user, isRegistration } = await findOrRegister(app, email, locale);
  const { accessToken, refreshCookie } = await startSession(app, user.id);
  await recordSignIn(app.db, { userId: user.id, method: 'email' });
  return { response: { accessToken, user: { ...toSessionUser(user), isRegistration } }, refreshCookie };
}

/**
 * The account of an address, created with its personal free workspace (in one transaction) when
 * there is none. If another sign-in (say, OAuth in a second tab) registers the same address in
 * between, the unique e-mail makes our insert fail and we sign in to that account instead.
 */
export async function findOrRegister(
  app: FastifyInstance,
  email: string,
  locale: Locale,
): Promise<{ user: UserRow; isRegistration: boolean }> {
  const findUser = async () => (await app.db.select().from(users).where(eq(users.email, email)))[0];
  const existing = await findUser();
  if (existing) return { user: existing, isRegistration: false };
  try {
    const user = await app.db.transaction(async (tx) => {
      const [created] = await tx.insert(users).values({ email, locale }).returning();
      await createPersonalWorkspace(tx, { id: created!.id, email, locale });
      return created!;
    });
    return { user, isRegistration: true };
  } catch (error) {
    const winner = isUniqueViolation(error) ? await findUser() : undefined;
    if (!winner) throw error;
    return { user: winner, isRegistration: false };
  }
}
