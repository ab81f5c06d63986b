import { and, eq } from 'drizzle-orm';
import { checkPersonName, normalizeEmail, type Locale, type OAuthProvider } from '@redacta/shared';
import type { Db, Tx } from '../../db/client.ts';
import { oauthAccounts, users } from '../../db/schema.ts';
import { AppError, isUniqueViolation } from '../../lib/errors.ts';
import { refuseWhereSsoRequired } from '../sso/enforcement.ts';
import { createPersonalWorkspace } from '../workspaces/service.ts';
import type { ProviderProfile } from './providers.ts';

/** A provider's name only when it passes our own name rule; otherwise /welcome asks for it. */
export const acceptableName = (value: string | null) =>
  value && !checkPersonName(value) ? value.trim() : null;

/**
 * The user a provider identity signs in as: the linked account, else the account with the same
 * verified e-mail (linked now), else a new user with a personal workspace — one transaction.
 */
export async function resolveOAuthUser(
  db: Db,
  provider: OAuthProvider,
  profile: ProviderProfile,
  locale: Locale,
): Promise<{ userId: string; isRegistration: boolean }> {
  try {
    return await resolveOnce(db, provider, profile, locale);
  } catch (error) {
    // Another sign-in (an e-mail code, a second tab) registered or linked the same identity
    // between our read and our insert: the second pass finds it and signs in to it.
    if (isUniqueViolation(error)) return resolveOnce(db, provider, profile, locale);
    throw error;
  }
}

/**
 * The account of a person an identity provider vouched for and we do not know yet: made with the
 * names and picture the provider gave (where our rules take them) and their personal workspace, in
 * the caller's transaction, as every first sign-in is.
 */
export async function createProviderUser(
  tx: Tx,
  input: { email: string; profile: ProviderProfile; locale: Locale },
): Promise<{ id: string; email: string }> {
  const { email, profile, locale } = input;
  const [created] = await tx
    .insert(users)
    .values({
      email,
      firstName: acceptableName(profile.firstName),
      lastName: acceptableName(profile.lastName),
      picture: profile.picture,
      locale,
    })
    .returning({ id: users.id, email: users.email });
  await createPersonalWorkspace(tx, { id: created!.id, email, locale });
  return created!;
}

function resolveOnce(db: Db, provider: OAuthProvider, profile: ProviderProfile, locale: Locale) {
  return db.transaction(async (tx) => {
    const [linked] = await tx
      .select({ userId: oauthAccounts.userId })
      .from(oauthAccounts)
      .where(
        and(eq(oauthAccounts.provider, provider), eq(oauthAccounts.providerUserId, profile.providerUserId)),
      );
    if (linked) return { userId: linked.userId, isRegistration: false };

    if (!profile.email || !profile.emailVerified) {
      throw new AppError('OAUTH_FAILED', `${provider} did not share a verified e-mail address`, 400);
    }
    const email = normalizeEmail(profile.email);
    await refuseWhereSsoRequired(tx, email);
    const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
    let userId = existing?.id;
    if (!userId) userId = (await createProviderUser(tx, { email, profile, locale })).id;
    await tx.insert(oauthAccounts).values({ userId, provider, providerUserId: profile.providerUserId });
    return { userId, isRegistration: !existing };
  });
}
