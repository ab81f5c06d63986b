import type { ErrorCode } from '@redacta/shared';

/*
 * The expected answer of every API operation for every kind of caller, from the permission table in
 * docs/product.md ("Who may do what" and the rules below it: invitation links, accepting). The
 * authorization matrix test fails for an operation of the OpenAPI document, or any route the server
 * registers, with no case here, so a new route cannot ship without saying who may call it.
 *
 * Callers: `anonymous` (no session), `outsider` (signed in, belongs to another workspace only),
 * `member`, `admin` and `owner` of the team the case acts on. A cell is a status, or a status and the error
 * code the body must carry.
 */

export const actors = ['anonymous', 'outsider', 'member', 'admin', 'owner'] as const;
export type Actor = (typeof actors)[number];
export type Cell = number | `${number} ${ErrorCode}`;
export type Cells = Record<Actor, Cell>;

/**
 * Whose thing a case acts on, which the test checks beyond the cells: on the team's things neither
 * `anonymous` nor `outsider` ever gets a 2xx; on the outsider's, neither `anonymous` nor the team's
 * users; on the caller's own account, `anonymous` never; public routes need no session.
 */
export type Home = 'team' | 'outsiders' | 'caller' | 'public';

export interface MatrixCase {
  /** `METHOD /api/path/{param}`, as in the OpenAPI document (or the route, for one outside it). */
  operation: string;
  /** What the request acts on; the request builders are keyed by operation and target. */
  target: string;
  home: Home;
  cells: Cells;
  /**
   * The request carries an invitation token, which is the proof that its holder may read the
   * invitation (workspace and inviter names included), whoever sends it.
   */
  tokenHolderSees?: true;
  /**
   * A SCIM route (/scim/v2): it answers errors in SCIM's own error schema, which identity providers
   * read (RFC 7644 §3.12), not in ours; it takes the workspace's SCIM token only, never a session.
   */
  scim?: true;
  /**
   * A development tool that shows every mail the server sent, whoever asks; it is never registered
   * in production (apps/server/test/app/http.test.ts checks that).
   */
  developmentOnly?: true;
}

const NO_SESSION = '401 UNAUTHENTICATED';

/** Anyone signed in, on their own account or the app's public data. */
const signedIn = (status: Cell): Cells => ({
  anonymous: NO_SESSION,
  outsider: status,
  member: status,
  admin: status,
  owner: status,
});
/** Anyone, session or not. */
const everyone = (status: Cell): Cells => ({
  anonymous: status,
  outsider: status,
  member: status,
  admin: status,
  owner: status,
});
/** Any member of the team; anyone else 404, as if the thing did not exist. */
const anyMember = (status: Cell): Cells => ({
  anonymous: NO_SESSION,
  outsider: 404,
  member: status,
  admin: status,
  owner: status,
});
/** The team's owner only (billing, the workspace's export and deletion, roles); a member and an admin get `refused`. */
const ownerOnly = (status: Cell, refused: Cell = '403 NOT_WORKSPACE_OWNER'): Cells => ({
  anonymous: NO_SESSION,
  outsider: 404,
  member: refused,
  admin: refused,
  owner: status,
});
/** The team's owner and admins (its people and governance); a member gets `member`. */
const managers = (status: Cell, member: Cell = '403 NOT_WORKSPACE_OWNER'): Cells => ({
  anonymous: NO_SESSION,
  outsider: 404,
  member,
  admin: status,
  owner: status,
});
/** A shared thing the owner created: the owner and admins may change it, another member may not (403). */
const ownersSharedThing = (status: Cell) => managers(status, '403 FORBIDDEN');
/** A shared thing the member created: its creator, admins and the owner may change it. */
const membersSharedThing = anyMember;
/** A private project: only its creator sees it, the owner and admins of the workspace included. */
const ownersPrivate = (status: Cell): Cells => ({
  anonymous: NO_SESSION,
  outsider: 404,
  member: 404,
  admin: 404,
  owner: status,
});
const membersPrivate = (status: Cell): Cells => ({
  anonymous: NO_SESSION,
  outsider: 404,
  member: status,
  admin: 404,
  owner: 404,
});
/** A thing of the outsider's workspace: only the outsider. */
const outsidersOnly = (status: Cell): Cells => ({
  anonymous: NO_SESSION,
  outsider: status,
  member: 404,
  admin: 404,
  owner: 404,
});

/** Every kind of project a project route may act on, with who may do it. */
const projectCases = (
  operation: string,
  status: Cell,
  rule: 'see' | 'change',
  options: { fresh?: boolean } = {},
): MatrixCase[] => {
  const prefix = options.fresh ? 'a new ' : '';
  return [
    {
      operation,
      target: `${prefix}shared project of the owner`,
      home: 'team',
      cells: rule === 'see' ? anyMember(status) : ownersSharedThing(status),
    },
    {
      operation,
      target: `${prefix}shared project of the member`,
      home: 'team',
      cells: membersSharedThing(status),
    },
    {
      operation,
      target: `${prefix}private project of the owner`,
      home: 'team',
      cells: ownersPrivate(status),
    },
    {
      operation,
      target: `${prefix}private project of the member`,
      home: 'team',
      cells: membersPrivate(status),
    },
  ];
};

/** A shared thing (folder, brand voice, custom prompt) created by the owner and one by the member. */
const sharedThingCases = (operation: string, thing: string, status: Cell): MatrixCase[] => [
  { operation, target: `a new ${thing} of the owner`, home: 'team', cells: ownersSharedThing(status) },
  { operation, target: `a new ${thing} of the member`, home: 'team', cells: membersSharedThing(status) },
];

/** Every route of the SCIM service, which the SCIM cases cover. */
export const scimOperations = [
  'GET /scim/v2/ServiceProviderConfig',
  'GET /scim/v2/ResourceTypes',
  'GET /scim/v2/ResourceTypes/{id}',
  'GET /scim/v2/Schemas',
  'GET /scim/v2/Schemas/{id}',
  ...['Users', 'Groups'].flatMap((resource) => [
    `GET /scim/v2/${resource}`,
    `POST /scim/v2/${resource}`,
    `GET /scim/v2/${resource}/{id}`,
    `PUT /scim/v2/${resource}/{id}`,
    `PATCH /scim/v2/${resource}/{id}`,
    `DELETE /scim/v2/${resource}/{id}`,
  ]),
];

export const matrixCases: MatrixCase[] = [
  // Routes outside the OpenAPI document: health checks, the document itself and its viewer, and the
  // development mailbox. The test lists every route the server registers, so none is missed either.
  { operation: 'GET /healthz', target: 'the process', home: 'public', cells: everyone(200) },
  { operation: 'GET /readyz', target: 'the process and its database', home: 'public', cells: everyone(200) },
  { operation: 'GET /api/openapi.json', target: 'the API description', home: 'public', cells: everyone(200) },
  { operation: 'GET /api/docs', target: 'the API viewer', home: 'public', cells: everyone(200) },
  { operation: 'GET /api/docs/', target: 'the API viewer', home: 'public', cells: everyone(200) },
  {
    operation: 'GET /api/docs/static/index.html',
    target: 'the API viewer (sends to its page)',
    home: 'public',
    cells: everyone(302),
  },
  {
    operation: 'GET /api/docs/static/swagger-initializer.js',
    target: 'the API viewer',
    home: 'public',
    cells: everyone(200),
  },
  {
    operation: 'GET /api/docs/*',
    target: "the API viewer's style sheet",
    home: 'public',
    cells: everyone(200),
  },
  { operation: 'GET /api/docs/json', target: 'the API description', home: 'public', cells: everyone(200) },
  { operation: 'GET /api/docs/yaml', target: 'the API description', home: 'public', cells: everyone(200) },
  {
    operation: 'GET /dev/mailbox',
    target: 'the mails sent',
    home: 'public',
    cells: everyone(200),
    developmentOnly: true,
  },

  // The SCIM service: a SCIM token only (modules/scim), so any session is 401, in SCIM's error schema.
  ...scimOperations.map((operation): MatrixCase => ({
    operation,
    target: 'the SCIM service with a session',
    home: 'team',
    cells: everyone(401),
    scim: true,
  })),

  // Signing in and the session.
  { operation: 'POST /api/auth/email/start', target: 'a new address', home: 'public', cells: everyone(204) },
  { operation: 'POST /api/auth/login', target: 'a code just mailed', home: 'public', cells: everyone(200) },
  {
    operation: 'GET /api/auth/refresh',
    target: "the caller's own refresh cookie",
    home: 'caller',
    cells: { ...signedIn(200), anonymous: '401 REFRESH_INVALID' },
  },
  {
    operation: 'POST /api/auth/logout',
    target: "the caller's own session",
    home: 'public',
    cells: everyone(204),
  },
  { operation: 'GET /api/auth/user', target: 'the caller', home: 'caller', cells: signedIn(200) },
  { operation: 'GET /api/auth/providers', target: 'the app', home: 'public', cells: everyone(200) },
  {
    operation: 'GET /api/auth/oauth/{provider}',
    target: 'a provider that is not configured',
    home: 'public',
    cells: everyone('404 OAUTH_NOT_CONFIGURED'),
  },
  {
    operation: 'GET /api/auth/oauth/{provider}/callback',
    target: 'a callback with no sign-in started',
    home: 'public',
    cells: everyone(302),
  },

  // The caller's own account.
  { operation: 'PATCH /api/user/change-name', target: 'the caller', home: 'caller', cells: signedIn(200) },
  {
    operation: 'PATCH /api/user/change-email',
    target: 'a new address, no code yet',
    home: 'caller',
    cells: signedIn(204),
  },
  { operation: 'PATCH /api/user/locale', target: 'the caller', home: 'caller', cells: signedIn(204) },
  {
    operation: 'GET /api/workspace/list',
    target: "the caller's workspaces",
    home: 'caller',
    cells: signedIn(200),
  },

  // The workspace, its members and its usage.
  { operation: 'PATCH /api/workspace/rename/{id}', target: 'the team', home: 'team', cells: managers(200) },
  { operation: 'GET /api/workspace/{id}/usage', target: 'the team', home: 'team', cells: anyMember(200) },
  { operation: 'GET /api/workspace/{id}/storage', target: 'the team', home: 'team', cells: anyMember(200) },
  { operation: 'GET /api/workspace/{id}/members', target: 'the team', home: 'team', cells: anyMember(200) },
  {
    operation: 'GET /api/workspace/{id}/members',
    target: "the outsider's workspace",
    home: 'outsiders',
    cells: outsidersOnly(200),
  },
  {
    operation: 'PATCH /api/workspace/{id}/remove-invited-user/{userId}',
    target: 'a new member of the team',
    home: 'team',
    cells: managers(204, '403 MEMBER_REMOVAL_FORBIDDEN'),
  },
  {
    operation: 'PATCH /api/workspace/{id}/remove-invited-user/{userId}',
    target: "the team's owner",
    home: 'team',
    cells: ownerOnly('409 OWNER_CANNOT_LEAVE', '403 MEMBER_REMOVAL_FORBIDDEN'),
  },
  {
    operation: 'PATCH /api/workspace/{id}/remove-invited-user/{userId}',
    target: 'a new admin of the team',
    home: 'team',
    cells: ownerOnly(204, '403 MEMBER_REMOVAL_FORBIDDEN'),
  },
  {
    operation: 'POST /api/workspace/{id}/leave',
    target: 'a new team of the owner, the member and the admin',
    home: 'team',
    cells: { anonymous: NO_SESSION, outsider: 404, member: 204, admin: 204, owner: '409 OWNER_CANNOT_LEAVE' },
  },
  // Roles: the owner's to give and take, never their own.
  {
    operation: 'PUT /api/workspace/{id}/member/{userId}/role',
    target: 'a new member of the team, made admin',
    home: 'team',
    cells: ownerOnly(200),
  },
  {
    operation: 'PUT /api/workspace/{id}/member/{userId}/role',
    target: "the team's owner",
    home: 'team',
    cells: ownerOnly('409 OWNER_ROLE_FIXED'),
  },
  {
    operation: 'PUT /api/workspace/{id}/member/{userId}/role',
    target: 'the outsider, who is not in the team',
    home: 'team',
    cells: ownerOnly('404 NOT_FOUND'),
  },

  // Projects.
  { operation: 'POST /api/workspace/{id}/project', target: 'the team', home: 'team', cells: anyMember(201) },
  { operation: 'GET /api/workspace/{id}/projects', target: 'the team', home: 'team', cells: anyMember(200) },
  {
    operation: 'GET /api/workspace/{id}/projects',
    target: "the outsider's workspace",
    home: 'outsiders',
    cells: outsidersOnly(200),
  },
  {
    operation: 'GET /api/workspace/{id}/projects/no-folder',
    target: 'the team',
    home: 'team',
    cells: anyMember(200),
  },
  ...projectCases('GET /api/project/{id}', 200, 'see'),
  {
    operation: 'GET /api/project/{id}',
    target: "the outsider's project",
    home: 'outsiders',
    cells: outsidersOnly(200),
  },
  ...projectCases('DELETE /api/project/{id}', 204, 'change', { fresh: true }),
  ...projectCases('PATCH /api/project/rename/{id}', 200, 'change', { fresh: true }),
  ...projectCases('GET /api/project/{id}/document', 200, 'see'),
  ...projectCases('PATCH /api/project/{id}/document', 200, 'see'),
  ...projectCases('GET /api/project/{id}/document/versions', 200, 'see'),
  ...projectCases('POST /api/project/{id}/document/versions', 201, 'see'),
  ...projectCases('GET /api/project/{id}/document/versions/{versionId}', 200, 'see'),
  {
    operation: 'GET /api/project/{id}/document/versions/{versionId}',
    target: "the owner's shared project with the outsider's version",
    home: 'team',
    cells: anyMember('404 NOT_FOUND'),
  },
  ...projectCases('POST /api/project/{id}/document/versions/{versionId}/restore', 200, 'see'),
  {
    operation: 'POST /api/project/{id}/document/versions/{versionId}/restore',
    target: "the owner's shared project with the outsider's version",
    home: 'team',
    cells: anyMember('404 NOT_FOUND'),
  },
  ...projectCases('PATCH /api/project/{id}/share-to-workspace', 200, 'change', { fresh: true }),
  ...projectCases('PATCH /api/project/{id}/move-to-folder/{folderId}', 200, 'change', { fresh: true }),
  {
    operation: 'PATCH /api/project/{id}/move-to-folder/{folderId}',
    target: "a new shared project of the member into the outsider's folder",
    home: 'team',
    cells: anyMember('404 NOT_FOUND'),
  },

  // Folders.
  { operation: 'POST /api/folder', target: 'the team', home: 'team', cells: anyMember(201) },
  ...sharedThingCases('PATCH /api/folder/rename/{id}', 'folder', 200),
  ...sharedThingCases('DELETE /api/folder/{id}', 'folder', 204),
  {
    operation: 'GET /api/folder/{id}/projects',
    target: "the owner's folder",
    home: 'team',
    cells: anyMember(200),
  },
  { operation: 'GET /api/workspace/{id}/folders', target: 'the team', home: 'team', cells: anyMember(200) },

  // Chat.
  {
    operation: 'POST /api/chat/send-request-stream',
    target: 'shared project of the owner',
    home: 'team',
    cells: anyMember(200),
  },
  {
    operation: 'POST /api/chat/send-request-stream',
    target: 'private project of the owner',
    home: 'team',
    cells: ownersPrivate(200),
  },
  {
    operation: 'POST /api/chat/send-request-stream',
    target: "the team with the outsider's project",
    home: 'team',
    cells: anyMember('404 NOT_FOUND'),
  },
  {
    operation: 'POST /api/chat/send-request-stream',
    target: "shared project of the owner in the outsider's brand voice",
    home: 'team',
    cells: anyMember('404 NOT_FOUND'),
  },
  {
    operation: 'POST /api/chat/send-request-stream',
    target: "shared project of the owner with the outsider's custom prompt",
    home: 'team',
    cells: anyMember('404 NOT_FOUND'),
  },
  {
    operation: 'POST /api/chat/send-request-stream',
    target: "shared project of the owner, regenerating the outsider's reply",
    home: 'team',
    cells: anyMember('404 NOT_FOUND'),
  },
  {
    operation: 'POST /api/document/transform',
    target: 'shared project of the owner',
    home: 'team',
    cells: anyMember(200),
  },
  {
    operation: 'POST /api/document/transform',
    target: 'private project of the owner',
    home: 'team',
    cells: ownersPrivate(200),
  },
  {
    operation: 'POST /api/document/transform',
    target: "the team with the outsider's project",
    home: 'team',
    cells: anyMember('404 NOT_FOUND'),
  },
  {
    operation: 'POST /api/document/transform',
    target: "shared project of the owner in the outsider's brand voice",
    home: 'team',
    cells: anyMember('404 NOT_FOUND'),
  },
  { operation: 'POST /api/chat/improve', target: 'the team', home: 'team', cells: anyMember(200) },
  { operation: 'POST /api/workspace/{id}/generate', target: 'the team', home: 'team', cells: anyMember(200) },
  {
    operation: 'POST /api/workspace/{id}/generate',
    target: "the team in the outsider's brand voice",
    home: 'team',
    cells: anyMember('404 NOT_FOUND'),
  },
  ...projectCases('GET /api/project/{id}/conversation', 200, 'see'),
  ...projectCases('GET /api/project/{id}/conversation/live', 200, 'see'),
  ...projectCases('POST /api/project/{id}/conversation/stop', 204, 'see'),
  {
    operation: 'PATCH /api/project/{id}/conversation/shown-version',
    target: "the reply in the owner's shared project",
    home: 'team',
    cells: anyMember(200),
  },
  {
    operation: 'PATCH /api/project/{id}/conversation/entry/{entryId}',
    target: "the reply in the owner's shared project",
    home: 'team',
    cells: anyMember(200),
  },
  {
    operation: 'PATCH /api/project/{id}/conversation/entry/{entryId}',
    target: "the owner's shared project with the outsider's reply",
    home: 'team',
    cells: anyMember('404 NOT_FOUND'),
  },
  {
    operation: 'PATCH /api/workspace/{id}/add-reaction/{reactionId}',
    target: "the reply in the owner's shared project",
    home: 'team',
    cells: anyMember(200),
  },
  {
    operation: 'PATCH /api/project/{id}/conversation/shown-version',
    target: "the owner's shared project with the outsider's reply",
    home: 'team',
    cells: anyMember('404 NOT_FOUND'),
  },
  {
    operation: 'PATCH /api/workspace/{id}/add-reaction/{reactionId}',
    target: "the team with the outsider's reply",
    home: 'team',
    cells: anyMember('404 NOT_FOUND'),
  },
  { operation: 'PATCH /api/workspace/gpt-4/enable', target: 'the team', home: 'team', cells: anyMember(200) },
  {
    operation: 'PATCH /api/workspace/gpt-4/enable',
    target: 'the free team',
    home: 'team',
    cells: anyMember('403 PLAN_REQUIRED'),
  },
  {
    operation: 'PATCH /api/workspace/gpt-4/disable',
    target: 'the team',
    home: 'team',
    cells: anyMember(200),
  },
  {
    operation: 'GET /api/workspace/{id}/gpt-4/status',
    target: 'the team',
    home: 'team',
    cells: anyMember(200),
  },

  // Brand voices.
  {
    operation: 'GET /api/brand-voice/workspace/{id}',
    target: 'the team',
    home: 'team',
    cells: anyMember(200),
  },
  {
    operation: 'POST /api/brand-voice/workspace/{id}',
    target: 'the team',
    home: 'team',
    cells: anyMember(201),
  },
  {
    operation: 'PATCH /api/brand-voice/analyze-content',
    target: 'the team',
    home: 'team',
    cells: anyMember(200),
  },
  {
    operation: 'GET /api/brand-voice/{id}',
    target: "the owner's brand voice",
    home: 'team',
    cells: anyMember(200),
  },
  ...sharedThingCases('PATCH /api/brand-voice/{id}', 'brand voice', 200),
  {
    operation: 'PATCH /api/brand-voice/{id}',
    target: "the outsider's brand voice",
    home: 'outsiders',
    cells: outsidersOnly(200),
  },
  ...sharedThingCases('DELETE /api/brand-voice/{id}', 'brand voice', 204),

  // Knowledge.
  { operation: 'GET /api/workspace/{id}/knowledge', target: 'the team', home: 'team', cells: anyMember(200) },
  {
    operation: 'GET /api/workspace/{id}/knowledge/search',
    target: 'the team',
    home: 'team',
    cells: anyMember(200),
  },
  {
    operation: 'POST /api/workspace/{id}/knowledge',
    target: 'the team',
    home: 'team',
    cells: anyMember(201),
  },
  {
    operation: 'POST /api/workspace/{id}/knowledge/url',
    target: 'the team',
    home: 'team',
    cells: anyMember(201),
  },
  ...sharedThingCases('DELETE /api/knowledge/{id}', 'knowledge source', 204),

  // Style rules.
  {
    operation: 'GET /api/workspace/{id}/style-rules',
    target: 'the team',
    home: 'team',
    cells: anyMember(200),
  },
  {
    operation: 'PUT /api/workspace/{id}/style-rules',
    target: 'the team',
    home: 'team',
    cells: managers(200),
  },
  {
    operation: 'POST /api/workspace/{id}/style-check',
    target: 'the team',
    home: 'team',
    cells: anyMember(200),
  },

  // Prompts.
  { operation: 'GET /api/prompt/by-workspace/{id}', target: 'the team', home: 'team', cells: anyMember(200) },
  { operation: 'POST /api/prompt/custom', target: 'the team', home: 'team', cells: anyMember(201) },
  ...sharedThingCases('PATCH /api/prompt/custom/{id}', 'custom prompt', 200),
  {
    operation: 'PATCH /api/prompt/custom/{id}',
    target: 'a built-in prompt',
    home: 'team',
    cells: signedIn('403 FORBIDDEN'),
  },
  ...sharedThingCases('DELETE /api/prompt/custom/{id}', 'custom prompt', 204),
  {
    operation: 'DELETE /api/prompt/custom/{id}',
    target: 'a built-in prompt',
    home: 'team',
    cells: signedIn('403 FORBIDDEN'),
  },
  {
    operation: 'POST /api/prompt/{id}/use',
    target: "the owner's custom prompt",
    home: 'team',
    cells: anyMember(204),
  },
  {
    operation: 'POST /api/prompt/{id}/use',
    target: 'a built-in prompt in the team',
    home: 'team',
    cells: anyMember(204),
  },
  {
    operation: 'POST /api/prompt/{id}/use',
    target: "the outsider's custom prompt in the team",
    home: 'team',
    cells: anyMember('404 NOT_FOUND'),
  },

  // Batches: any member of the workspace, whoever made the batch; a row not written yet cannot be edited
  // or written again (409), whoever asks.
  { operation: 'POST /api/workspace/{id}/batches', target: 'the team', home: 'team', cells: anyMember(201) },
  { operation: 'GET /api/workspace/{id}/batches', target: 'the team', home: 'team', cells: anyMember(200) },
  { operation: 'GET /api/batch/{id}', target: "a batch of the owner's", home: 'team', cells: anyMember(200) },
  {
    operation: 'PATCH /api/batch/{id}',
    target: "a draft batch of the owner's",
    home: 'team',
    cells: anyMember(200),
  },
  {
    operation: 'POST /api/batch/{id}/start',
    target: "a draft batch of the owner's",
    home: 'team',
    cells: anyMember(200),
  },
  {
    operation: 'POST /api/batch/{id}/pause',
    target: "a running batch of the owner's",
    home: 'team',
    cells: anyMember(200),
  },
  {
    operation: 'POST /api/batch/{id}/resume',
    target: "a paused batch of the owner's",
    home: 'team',
    cells: anyMember(200),
  },
  {
    operation: 'POST /api/batch/{id}/cancel',
    target: "a draft batch of the owner's",
    home: 'team',
    cells: anyMember(200),
  },
  {
    operation: 'GET /api/batch/{id}/rows',
    target: "a batch of the owner's",
    home: 'team',
    cells: anyMember(200),
  },
  {
    operation: 'PATCH /api/batch/{id}/row/{index}',
    target: "a row not written yet of the owner's batch",
    home: 'team',
    cells: anyMember('409 CONFLICT'),
  },
  {
    operation: 'POST /api/batch/{id}/row/{index}/regenerate',
    target: "a row not written yet of the owner's batch",
    home: 'team',
    cells: anyMember('409 CONFLICT'),
  },
  {
    operation: 'GET /api/batch/{id}/export',
    target: "a batch of the owner's",
    home: 'team',
    cells: anyMember(200),
  },

  // Templates: the custom prompts' rules; a built-in one is for anyone signed in to read, no one to change.
  { operation: 'GET /api/workspace/{id}/templates', target: 'the team', home: 'team', cells: anyMember(200) },
  {
    operation: 'POST /api/workspace/{id}/templates',
    target: 'the team',
    home: 'team',
    cells: anyMember(201),
  },
  {
    operation: 'GET /api/template/{id}',
    target: "the owner's template",
    home: 'team',
    cells: anyMember(200),
  },
  {
    operation: 'GET /api/template/{id}',
    target: 'a built-in template',
    home: 'caller',
    cells: signedIn(200),
  },
  {
    operation: 'GET /api/template/{id}',
    target: "the outsider's template",
    home: 'outsiders',
    cells: {
      anonymous: NO_SESSION,
      outsider: 200,
      member: '404 NOT_FOUND',
      admin: '404 NOT_FOUND',
      owner: '404 NOT_FOUND',
    },
  },
  ...sharedThingCases('PATCH /api/template/{id}', 'template', 200),
  {
    operation: 'PATCH /api/template/{id}',
    target: 'a built-in template',
    home: 'team',
    cells: signedIn('403 FORBIDDEN'),
  },
  ...sharedThingCases('DELETE /api/template/{id}', 'template', 204),
  {
    operation: 'DELETE /api/template/{id}',
    target: 'a built-in template',
    home: 'team',
    cells: signedIn('403 FORBIDDEN'),
  },

  // Billing (the sandbox, as in every test).
  { operation: 'GET /api/price', target: 'the app', home: 'caller', cells: signedIn(200) },
  {
    operation: 'GET /api/workspace/{id}/subscription',
    target: 'the team',
    home: 'team',
    cells: anyMember(200),
  },
  {
    operation: 'POST /api/subscription/create-subscription',
    target: 'the free team',
    home: 'team',
    cells: ownerOnly(200),
  },
  {
    operation: 'POST /api/subscription/create-subscription',
    target: 'the team, already subscribed',
    home: 'team',
    cells: ownerOnly('409 SUBSCRIPTION_EXISTS'),
  },
  {
    operation: 'POST /api/subscription/create-portal-session',
    target: 'the team',
    home: 'team',
    cells: ownerOnly(200),
  },
  {
    operation: 'POST /api/subscription/upgrade-to-yearly',
    target: 'the team',
    home: 'team',
    cells: ownerOnly(200),
  },
  {
    operation: 'DELETE /api/subscription/cancel-subscription',
    target: 'the team',
    home: 'team',
    cells: ownerOnly(200),
  },
  { operation: 'POST /api/subscription/resume', target: 'the team', home: 'team', cells: ownerOnly(200) },
  {
    operation: 'PATCH /api/subscription/request-unsubscription-discount',
    target: 'the team',
    home: 'team',
    cells: ownerOnly(200),
  },
  {
    operation: 'POST /api/workspace/{id}/buy-additional-seat',
    target: 'the team',
    home: 'team',
    cells: ownerOnly(200),
  },
  {
    operation: 'GET /api/subscription/sandbox/{sessionId}',
    target: "the free team's checkout",
    home: 'team',
    cells: ownerOnly(200, '404 NOT_FOUND'),
  },
  {
    operation: 'GET /api/subscription/sandbox/{sessionId}',
    target: "the outsider's checkout",
    home: 'outsiders',
    cells: outsidersOnly(200),
  },
  {
    operation: 'PATCH /api/workspace/{id}/remove-invited-user/{userId}',
    target: 'the outsider, who is not in the team',
    home: 'team',
    cells: managers('404 NOT_FOUND', '403 MEMBER_REMOVAL_FORBIDDEN'),
  },
  {
    operation: 'POST /api/subscription/sandbox/{sessionId}/confirm',
    target: "a new free team's checkout",
    home: 'team',
    cells: ownerOnly(200, '404 NOT_FOUND'),
  },
  {
    operation: 'POST /api/subscription/sandbox/{sessionId}/cancel',
    target: 'a new checkout of the free team',
    home: 'team',
    cells: ownerOnly(200, '404 NOT_FOUND'),
  },
  {
    // Stripe is not configured in the sandbox, so the webhook takes nothing, signed or not.
    operation: 'POST /api/stripe/webhook',
    target: 'an unsigned event',
    home: 'public',
    cells: everyone('409 BILLING_UNAVAILABLE'),
  },

  // Invitations.
  {
    operation: 'POST /api/invitation-to-workspace/preview',
    target: 'a pending invitation of the owner',
    home: 'public',
    cells: everyone(200),
    tokenHolderSees: true,
  },
  {
    operation: 'POST /api/invitation-to-workspace/preview',
    target: 'a token never issued',
    home: 'public',
    cells: everyone('404 NOT_FOUND'),
  },
  { operation: 'POST /api/workspace/{id}/invite', target: 'the team', home: 'team', cells: anyMember(201) },
  {
    operation: 'POST /api/workspace/{id}/invite',
    target: 'the free team',
    home: 'team',
    cells: anyMember('403 PLAN_REQUIRED'),
  },
  {
    operation: 'POST /api/workspace/{id}/invite',
    target: 'the full team',
    home: 'team',
    cells: anyMember('409 SEATS_EXHAUSTED'),
  },
  {
    operation: 'GET /api/workspace/{id}/pending-invitations',
    target: 'the team',
    home: 'team',
    cells: anyMember(200),
  },
  {
    operation: 'POST /api/invitation-to-workspace/{id}/resend',
    target: "the owner's invitation",
    home: 'team',
    cells: managers(200, '403 NOT_INVITER'),
  },
  {
    operation: 'POST /api/invitation-to-workspace/{id}/resend',
    target: "the member's invitation",
    home: 'team',
    cells: anyMember(200),
  },
  {
    operation: 'DELETE /api/invitation-to-workspace/{id}/revoke',
    target: 'a new invitation of the owner',
    home: 'team',
    cells: managers(204, '403 NOT_INVITER'),
  },
  {
    operation: 'DELETE /api/invitation-to-workspace/{id}/revoke',
    target: 'a new invitation of the member',
    home: 'team',
    cells: anyMember(204),
  },
  {
    operation: 'POST /api/workspace/add-user-by-token',
    target: 'an invitation of the owner to another address',
    home: 'team',
    cells: signedIn('403 INVITATION_EMAIL_MISMATCH'),
  },

  // API keys: the owner's to make, see and revoke.
  { operation: 'GET /api/workspace/{id}/api-keys', target: 'the team', home: 'team', cells: managers(200) },
  { operation: 'POST /api/workspace/{id}/api-keys', target: 'the team', home: 'team', cells: managers(201) },
  {
    operation: 'DELETE /api/api-key/{id}',
    target: 'a new key of the team',
    home: 'team',
    cells: managers(204),
  },

  // SCIM settings: the owner's, and a token only on Enterprise (the team is on the free plan).
  { operation: 'GET /api/workspace/{id}/scim', target: 'the team', home: 'team', cells: managers(200) },
  {
    operation: 'POST /api/workspace/{id}/scim/token',
    target: 'the team',
    home: 'team',
    cells: managers('403 PLAN_REQUIRED'),
  },
  {
    operation: 'PUT /api/workspace/{id}/scim/admin-groups',
    target: 'the team, not on Enterprise',
    home: 'team',
    cells: managers('403 PLAN_REQUIRED'),
  },
  {
    operation: 'DELETE /api/workspace/{id}/scim/token',
    target: 'the team, with no token',
    home: 'team',
    cells: managers('404 NOT_FOUND'),
  },

  // Webhooks: the owner's to add, see, change, rotate, redeliver and delete.
  { operation: 'GET /api/workspace/{id}/webhooks', target: 'the team', home: 'team', cells: managers(200) },
  { operation: 'POST /api/workspace/{id}/webhooks', target: 'the team', home: 'team', cells: managers(201) },
  {
    operation: 'PATCH /api/webhook/{id}',
    target: 'a new webhook of the team',
    home: 'team',
    cells: managers(200),
  },
  {
    operation: 'DELETE /api/webhook/{id}',
    target: 'a new webhook of the team',
    home: 'team',
    cells: managers(204),
  },
  {
    operation: 'POST /api/webhook/{id}/rotate-secret',
    target: 'a new webhook of the team',
    home: 'team',
    cells: managers(200),
  },
  {
    operation: 'GET /api/webhook/{id}/deliveries',
    target: 'a new webhook of the team',
    home: 'team',
    cells: managers(200),
  },
  {
    operation: 'POST /api/webhook-delivery/{id}/redeliver',
    target: 'a delivery of the team',
    home: 'team',
    cells: managers(202),
  },

  // Single sign-on: signing in through it needs no session (a domain no workspace verified goes back to
  // /login; a callback with no sign-in started too); its settings are the owner's, only on Enterprise.
  {
    operation: 'GET /api/auth/sso/start',
    target: 'an address whose domain no workspace verified',
    home: 'public',
    cells: everyone(302),
  },
  {
    operation: 'GET /api/auth/sso/callback',
    target: 'a callback with no sign-in started',
    home: 'public',
    cells: everyone(302),
  },
  {
    operation: 'GET /api/workspace/{id}/sso',
    target: 'the team, not on Enterprise',
    home: 'team',
    cells: managers('403 PLAN_REQUIRED'),
  },
  {
    operation: 'PUT /api/workspace/{id}/sso',
    target: 'the team, not on Enterprise',
    home: 'team',
    cells: managers('403 PLAN_REQUIRED'),
  },
  {
    operation: 'POST /api/workspace/{id}/sso/domains',
    target: 'the team, not on Enterprise',
    home: 'team',
    cells: managers('403 PLAN_REQUIRED'),
  },
  {
    operation: 'POST /api/workspace/{id}/sso/domains/{domain}/verify',
    target: 'the team, not on Enterprise',
    home: 'team',
    cells: managers('403 PLAN_REQUIRED'),
  },
  {
    operation: 'DELETE /api/workspace/{id}/sso/domains/{domain}',
    target: 'the team, not on Enterprise',
    home: 'team',
    cells: managers('403 PLAN_REQUIRED'),
  },

  // The caller's own data: exported, and the account deleted only with the mailed code (never here:
  // the owner must first decide for the team, the others send a wrong code).
  { operation: 'GET /api/user/export', target: 'the caller', home: 'caller', cells: signedIn(200) },
  { operation: 'GET /api/user/deletion', target: 'the caller', home: 'caller', cells: signedIn(200) },
  { operation: 'POST /api/user/deletion-code', target: 'the caller', home: 'caller', cells: signedIn(204) },
  {
    operation: 'DELETE /api/user',
    target: 'the caller, with a wrong code',
    home: 'caller',
    cells: {
      anonymous: NO_SESSION,
      outsider: '400 CODE_INVALID',
      member: '400 CODE_INVALID',
      admin: '400 CODE_INVALID',
      owner: '409 OWNED_WORKSPACES_UNDECIDED',
    },
  },

  // Deleting and exporting the workspace: the owner's alone.
  {
    operation: 'DELETE /api/workspace/{id}',
    target: 'the team, with a wrong name typed',
    home: 'team',
    cells: ownerOnly('400 WORKSPACE_NAME_MISMATCH'),
  },
  { operation: 'POST /api/workspace/{id}/export', target: 'the team', home: 'team', cells: ownerOnly(202) },
  { operation: 'GET /api/workspace/{id}/export', target: 'the team', home: 'team', cells: ownerOnly(200) },
  {
    operation: 'GET /api/workspace/{id}/export/{exportId}',
    target: 'an export never made',
    home: 'team',
    cells: ownerOnly('404 NOT_FOUND'),
  },
  {
    operation: 'GET /api/workspace/{id}/export/{exportId}/download',
    target: 'an export never made',
    home: 'team',
    cells: ownerOnly('404 NOT_FOUND'),
  },

  // Usage per member (a member sees their own) and budgets (the owner's to set).
  {
    operation: 'GET /api/workspace/{id}/usage/breakdown',
    target: 'the team',
    home: 'team',
    cells: anyMember(200),
  },
  {
    operation: 'GET /api/workspace/{id}/usage/breakdown/export',
    target: 'the team',
    home: 'team',
    cells: anyMember(200),
  },
  {
    operation: 'PUT /api/workspace/{id}/member/{userId}/budget',
    target: 'the member, no cap',
    home: 'team',
    cells: managers(200),
  },
  {
    // An admin's cap is the owner's to set, so that no cap is lifted by its holder.
    operation: 'PUT /api/workspace/{id}/member/{userId}/budget',
    target: 'the admin, no cap',
    home: 'team',
    cells: ownerOnly(200),
  },

  // The audit log: the owner's and admins' to read.
  { operation: 'GET /api/workspace/{id}/audit', target: 'the team', home: 'team', cells: managers(200) },
  {
    operation: 'GET /api/workspace/{id}/audit/actors',
    target: 'the team',
    home: 'team',
    cells: managers(200),
  },
  {
    operation: 'GET /api/workspace/{id}/audit/export',
    target: 'the team',
    home: 'team',
    cells: managers(200),
  },
];
