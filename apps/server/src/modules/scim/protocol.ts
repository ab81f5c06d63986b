import SCIMMY from 'scimmy';
import type { ZodType } from 'zod';
import { scimGroupFieldsSchema, scimUserFieldsSchema } from '@redacta/shared';
import type { ScimDeps } from './deps.ts';
import { scimError } from './errors.ts';
import {
  createScimGroup,
  deleteScimGroup,
  getScimGroup,
  listScimGroups,
  replaceScimGroup,
} from './groups.ts';
import { createScimUser, deleteScimUser, getScimUser, listScimUsers, replaceScimUser } from './users.ts';

/** Where the SCIM 2.0 service answers (RFC 7644), outside /api: identity providers are given this path. */
export const SCIM_BASE_PATH = '/scim/v2';

/** What every SCIM handler is called with: the app's services and the token's workspace. */
export interface ScimContext {
  deps: ScimDeps;
  workspaceId: string;
}

/** The largest page a list answers, whatever `count` asks (ServiceProviderConfig tells providers). */
export const SCIM_MAX_RESULTS = 200;

/** A value scimmy checked against the SCIM schema, checked again by our own rules (text, e-mail). */
function ourFields<T>(schema: ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw scimError(400, `${issue.path.join('.') || 'value'}: ${issue.message}`, 'invalidValue');
  }
  return parsed.data;
}

interface UserInstance {
  userName: string;
  externalId?: string;
  active?: boolean;
  name?: { givenName?: string; familyName?: string };
}

interface GroupInstance {
  displayName: string;
  externalId?: string;
  members?: { value: string }[];
}

const userFields = (instance: UserInstance) =>
  ourFields(scimUserFieldsSchema, {
    userName: instance.userName,
    givenName: instance.name?.givenName,
    familyName: instance.name?.familyName,
    externalId: instance.externalId,
    // RFC 7643 §4.1.1: a User without `active` is taken as active.
    active: instance.active ?? true,
  });

const groupFields = (instance: GroupInstance) =>
  ourFields(scimGroupFieldsSchema, {
    displayName: instance.displayName,
    externalId: instance.externalId,
    memberIds: (instance.members ?? []).map((member) => member.value),
  });

/**
 * The records a list's `filter` selects (scimmy parses it; the egress handler applies it). `userName`
 * is not case-exact (RFC 7643 §4.1.1) and addresses are stored lower-cased, so a compared userName is
 * lower-cased first: Entra ID and Okta look users up as `userName eq "Their.Name@Company.com"`.
 */
function filtered<T>(filter: SCIMMY.Types.Filter | undefined, records: T[]): T[] {
  if (!filter) return records;
  const lower = (expression: Record<string, unknown>): Record<string, unknown> =>
    Object.fromEntries(
      Object.entries(expression).map(([key, value]) => {
        if (key.toLowerCase() === 'username' && Array.isArray(value) && typeof value[1] === 'string') {
          return [key, [value[0], value[1].toLowerCase(), ...value.slice(2)]];
        }
        return [key, value];
      }),
    );
  const expressions = [...(filter as unknown as Record<string, unknown>[])].map(lower);
  return new SCIMMY.Types.Filter(expressions).match(records) as T[];
}

let declared = false;

/**
 * scimmy keeps its configuration and resource handlers per process, so they are declared once, and
 * every handler takes the app and the workspace from the call's context: several apps (tests) share
 * them safely.
 */
export function declareScimResources(): void {
  if (declared) return;
  declared = true;
  SCIMMY.Config.set({
    documentationUri: 'https://datatracker.ietf.org/doc/html/rfc7644',
    patch: true,
    filter: { supported: true, maxResults: SCIM_MAX_RESULTS },
    bulk: false,
    changePassword: false,
    sort: false,
    etag: false,
    authenticationSchemes: [
      {
        type: 'oauthbearertoken',
        name: 'Workspace SCIM token',
        description: 'The token the workspace owner makes in Settings → SCIM, sent as a bearer token',
        primary: true,
      },
    ],
  });
  SCIMMY.Resources.declare(SCIMMY.Resources.User)
    .egress(async (resource, ctx: ScimContext) =>
      resource.id
        ? getScimUser(ctx.deps, ctx.workspaceId, resource.id)
        : filtered(resource.filter, await listScimUsers(ctx.deps, ctx.workspaceId)),
    )
    .ingress(async (resource, instance, ctx: ScimContext) => {
      const fields = userFields(instance as unknown as UserInstance);
      return resource.id
        ? replaceScimUser(ctx.deps, ctx.workspaceId, resource.id, fields)
        : createScimUser(ctx.deps, ctx.workspaceId, fields);
    })
    .degress(async (resource, ctx: ScimContext) => {
      await deleteScimUser(ctx.deps, ctx.workspaceId, resource.id!);
    });
  SCIMMY.Resources.declare(SCIMMY.Resources.Group)
    .egress(async (resource, ctx: ScimContext) =>
      resource.id
        ? getScimGroup(ctx.deps, ctx.workspaceId, resource.id)
        : filtered(resource.filter, await listScimGroups(ctx.deps, ctx.workspaceId)),
    )
    .ingress(async (resource, instance, ctx: ScimContext) => {
      const fields = groupFields(instance as unknown as GroupInstance);
      return resource.id
        ? replaceScimGroup(ctx.deps, ctx.workspaceId, resource.id, fields)
        : createScimGroup(ctx.deps, ctx.workspaceId, fields);
    })
    .degress(async (resource, ctx: ScimContext) => {
      await deleteScimGroup(ctx.deps, ctx.workspaceId, resource.id!);
    });
}

/**
 * Microsoft Entra ID sends booleans as the strings "True" and "False" in PatchOp values, with a path
 * (`{"op":"Replace","path":"active","value":"False"}`) or without one (`{"value":{"active":"False"}}`);
 * scimmy rightly refuses a string for a boolean, so `active` is read as the boolean it means first.
 * (Entra's capitalised `op` values scimmy reads itself.)
 */
export function entraBooleans(body: unknown): unknown {
  if (!body || typeof body !== 'object' || !Array.isArray((body as { Operations?: unknown }).Operations)) {
    return body;
  }
  const asBoolean = (value: unknown) =>
    typeof value === 'string' && /^(true|false)$/i.test(value) ? value.toLowerCase() === 'true' : value;
  const operations = (body as { Operations: unknown[] }).Operations.map((operation) => {
    if (!operation || typeof operation !== 'object') return operation;
    const { path, value } = operation as { path?: unknown; value?: unknown };
    if (typeof path === 'string' && path.toLowerCase() === 'active') {
      return { ...operation, value: asBoolean(value) };
    }
    if (path === undefined && value && typeof value === 'object' && 'active' in value) {
      return { ...operation, value: { ...value, active: asBoolean((value as { active: unknown }).active) } };
    }
    return operation;
  });
  return { ...body, Operations: operations };
}
