import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { App } from '../../src/app.ts';
import { workspaces } from '../../src/db/schema.ts';
import { setPlan, type TestUser } from '../helpers/factories.ts';

export const USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:User';
export const GROUP_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Group';
export const PATCH_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
export const ERROR_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:Error';

/** Makes the owner's workspace Enterprise with `seats` seats and returns its new SCIM token. */
export async function enterpriseToken(app: App, owner: TestUser, seats = 10): Promise<string> {
  await setPlan(app, owner.workspaceId, 'enterprise');
  await app.db.update(workspaces).set({ userSeats: seats }).where(eq(workspaces.id, owner.workspaceId));
  const created = await app.inject({
    method: 'POST',
    url: `/api/workspace/${owner.workspaceId}/scim/token`,
    headers: owner.auth,
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json().token;
}

export interface ScimAnswer {
  status: number;
  contentType: string | null;
  // SCIM answers are read as the identity provider reads them: loosely.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

/** An identity provider's client: real HTTP to the listening app with the workspace's bearer token. */
export function scimClient(base: string, token: string) {
  return async (method: string, path: string, body?: unknown): Promise<ScimAnswer> => {
    const res = await fetch(`${base}/scim/v2${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/scim+json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    return {
      status: res.status,
      contentType: res.headers.get('content-type'),
      body: text ? JSON.parse(text) : null,
    };
  };
}

export type ScimClient = ReturnType<typeof scimClient>;

export const newUser = (email: string, extra: Record<string, unknown> = {}) => ({
  schemas: [USER_SCHEMA],
  userName: email,
  name: { givenName: 'Lucía', familyName: 'Martín' },
  active: true,
  ...extra,
});

export const patchOp = (...Operations: unknown[]) => ({ schemas: [PATCH_SCHEMA], Operations });
