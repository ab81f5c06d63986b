import { decodeJwt } from 'jose';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { verifyAccessToken } from '../../lib/access-token.ts';
import { AppError } from '../../lib/errors.ts';
import type { RevokedSessions } from '../../lib/revoked-sessions.ts';
import { requireProjectAccess } from '../projects/access.ts';
import { Refusal } from './refusals.ts';

/** Who holds a live-document connection, kept with it for the checks made while it lasts. */
export interface ConnectionContext {
  userId: string;
  sessionId: string;
  projectId: string;
  workspaceId: string;
  /** When the access token the connection was opened (or last renewed) with expires, in ms. */
  expiresAt: number;
  /** Whether the client was asked for a fresh token before that. */
  tokenRequested: boolean;
}

const projectId = z.uuid();

/**
 * A token's holder, or `token-expired` for any token that does not (or no longer) sign someone in:
 * expired, forged, or of a signed-out session. The client's answer to each is the same: refresh it.
 */
export async function tokenHolder(secret: string, revoked: RevokedSessions, token: string) {
  try {
    const claims = await verifyAccessToken(secret, token);
    if (revoked.has(claims.sessionId)) throw new Refusal('token-expired');
    return { ...claims, expiresAt: (decodeJwt(token).exp ?? 0) * 1000 };
  } catch (error) {
    if (error instanceof AppError) throw new Refusal('token-expired');
    throw error;
  }
}

/**
 * Whether the user may open the project's live document: the project visibility rule every route
 * applies (`requireProjectAccess`), so anyone who can see it may edit it. `forbidden` otherwise.
 */
export async function requireDocumentAccess(db: Db, documentName: string, userId: string) {
  if (!projectId.safeParse(documentName).success) throw new Refusal('forbidden');
  try {
    const { project } = await requireProjectAccess(db, documentName, userId);
    return { projectId: project.id, workspaceId: project.workspaceId };
  } catch (error) {
    if (error instanceof AppError && error.status === 404) throw new Refusal('forbidden');
    throw error;
  }
}

export async function authenticate(
  deps: { db: Db; secret: string; revoked: RevokedSessions },
  token: string,
  documentName: string,
): Promise<ConnectionContext> {
  const holder = await tokenHolder(deps.secret, deps.revoked, token);
  const project = await requireDocumentAccess(deps.db, documentName, holder.userId);
  return { ...holder, ...project, tokenRequested: false };
}
