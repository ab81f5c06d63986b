import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Locale } from '@redacta/shared';
import type { Db } from '../../db/client.ts';
import { authCodes } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { generateNumericCode, hashSecret, safeEqualHex } from '../../lib/secrets.ts';

export const CODE_TTL_MS = 10 * 60 * 1000;
export const CODE_MAX_ATTEMPTS = 5;

export type CodePurpose = 'login' | 'change_email' | 'delete_account';

/** The hash binds a code to its address and purpose: a sign-in code cannot change an e-mail. */
const codeHash = (code: string, email: string, purpose: CodePurpose) =>
  hashSecret(code, `${purpose}:${email}`);

/** A fresh single-use code; any older unused code for the same address and purpose stops working. */
export async function issueCode(
  db: Db,
  target: { email: string; purpose: CodePurpose; locale: Locale; userId?: string },
): Promise<string> {
  const code = generateNumericCode();
  const now = new Date();
  await db.transaction(async (tx) => {
    await tx
      .update(authCodes)
      .set({ consumedAt: now })
      .where(
        and(
          eq(authCodes.email, target.email),
          eq(authCodes.purpose, target.purpose),
          isNull(authCodes.consumedAt),
        ),
      );
    await tx.insert(authCodes).values({
      email: target.email,
      purpose: target.purpose,
      userId: target.userId,
      locale: target.locale,
      codeHash: codeHash(code, target.email, target.purpose),
      expiresAt: new Date(now.getTime() + CODE_TTL_MS),
    });
  });
  return code;
}

/**
 * Checks a typed code against the latest one for the address. A right code is consumed (once,
 * even under concurrent tries) and tells the locale it was asked in; a wrong one counts, and the
 * fifth wrong try kills the code.
 */
export async function consumeCode(
  db: Db,
  target: { email: string; purpose: CodePurpose; userId?: string; code: string },
): Promise<{ locale: Locale }> {
  const [latest] = await db
    .select()
    .from(authCodes)
    .where(and(eq(authCodes.email, target.email), eq(authCodes.purpose, target.purpose)))
    .orderBy(desc(authCodes.createdAt))
    .limit(1);
  if (!latest || latest.consumedAt || (target.userId && latest.userId !== target.userId)) {
    throw new AppError('CODE_INVALID', 'That code is not valid; request a new one');
  }
  if (latest.attempts >= CODE_MAX_ATTEMPTS) {
    throw new AppError('CODE_ATTEMPTS_EXCEEDED', 'Too many wrong codes; request a new one');
  }
  if (latest.expiresAt <= new Date()) {
    throw new AppError('CODE_EXPIRED', 'That code has expired; request a new one');
  }
  if (!safeEqualHex(latest.codeHash, codeHash(target.code, target.email, target.purpose))) {
    const [counted] = await db
      .update(authCodes)
      .set({ attempts: sql`${authCodes.attempts} + 1` })
      .where(and(eq(authCodes.id, latest.id), lt(authCodes.attempts, CODE_MAX_ATTEMPTS)))
      .returning({ attempts: authCodes.attempts });
    if (!counted || counted.attempts >= CODE_MAX_ATTEMPTS) {
      throw new AppError('CODE_ATTEMPTS_EXCEEDED', 'Too many wrong codes; request a new one');
    }
    throw new AppError('CODE_INVALID', 'That code is not right; check the e-mail and try again');
  }
  const consumed = await db
    .update(authCodes)
    .set({ consumedAt: new Date() })
    .where(and(eq(authCodes.id, latest.id), isNull(authCodes.consumedAt)))
    .returning({ id: authCodes.id });
  if (consumed.length === 0) throw new AppError('CODE_INVALID', 'That code was already used');
  return { locale: latest.locale };
}
