import { createHash, randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import type { Locale, OAuthProvider } from '@redacta/shared';

export const FLOW_COOKIE = 'redacta_oauth';
export const FLOW_TTL_SECONDS = 10 * 60;

/**
 * 96 random bytes as 128 base64url characters, used for the PKCE verifier, the state and the nonce: the
 * longest verifier RFC 7636 allows (43–128 unreserved characters), so the most entropy.
 */
export function randomVerifier(): string {
  return randomBytes(96).toString('base64url');
}

export function s256(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

export interface FlowState {
  /** Google or Facebook, or `sso`: a workspace's own provider (modules/sso). */
  provider: OAuthProvider | 'sso';
  state: string;
  verifier: string;
  nonce: string;
  /** The interface language at the start, for a user created by this sign-in. */
  locale: Locale;
  /** For `sso`: the workspace whose provider was asked. */
  workspaceId?: string;
}

const key = (secret: string) => new TextEncoder().encode(`oauth-flow:${secret}`);

/**
 * The flow's secrets travel in a short-lived HttpOnly cookie, signed so it cannot be forged; the
 * state in it must match the provider's callback, which ties the callback to this browser.
 */
export function sealFlowState(secret: string, flow: FlowState): Promise<string> {
  const claims = { p: flow.provider, s: flow.state, v: flow.verifier, n: flow.nonce, l: flow.locale };
  return new SignJWT(flow.workspaceId ? { ...claims, w: flow.workspaceId } : claims)
    .setProtectedHeader({ alg: 'HS256' })
    .setExpirationTime(`${FLOW_TTL_SECONDS}s`)
    .sign(key(secret));
}

export async function openFlowState(secret: string, sealed: string | undefined): Promise<FlowState | null> {
  if (!sealed) return null;
  try {
    const { payload } = await jwtVerify(sealed, key(secret), { algorithms: ['HS256'] });
    const { p, s, v, n, l, w } = payload as Record<string, unknown>;
    if (
      (p !== 'google' && p !== 'facebook' && p !== 'sso') ||
      (p === 'sso' && typeof w !== 'string') ||
      typeof s !== 'string' ||
      typeof v !== 'string' ||
      typeof n !== 'string'
    ) {
      return null;
    }
    const flow: FlowState = {
      provider: p,
      state: s,
      verifier: v,
      nonce: n,
      locale: l === 'en' ? 'en' : 'es',
    };
    return typeof w === 'string' ? { ...flow, workspaceId: w } : flow;
  } catch {
    return null;
  }
}
