import { randomBytes, randomUUID } from 'node:crypto';
import {
  documentVersions,
  knowledgeSources,
  webhookDeliveries,
  webhookEndpoints,
} from '../../src/db/schema.ts';
import { builtInTemplateId } from '../../src/modules/templates/built-ins.ts';
import { multipartFile } from '../knowledge/knowledge-helpers.ts';
import type { TestUser } from '../helpers/factories.ts';
import { addMember, createUser } from '../helpers/factories.ts';
import { cookiePair, lastCodeTo, login, requestCode } from '../helpers/login.ts';
import { scimOperations, type Actor } from './authorization-matrix.cells.ts';
import {
  createProject,
  createSharedProject,
  createTeamWorkspace,
  freshEmail,
  invite,
  makeThing,
  makeTemplate,
  MARKERS,
  startCheckout,
  type TeamFixtures,
} from './team-fixtures.ts';

/** The parts of a request a case decides; the method comes from the operation, the session from the actor. */
export interface MatrixRequest {
  url: string;
  payload?: unknown;
  headers?: Record<string, string>;
  /** Send the request without the actor's bearer token (a cookie-authenticated route). */
  withoutBearer?: true;
}

type Build = (
  f: TeamFixtures,
  actor: Actor,
  caller: TestUser | null,
) => MatrixRequest | Promise<MatrixRequest>;

const unique = () => randomUUID().slice(0, 8);
const teamName = (what: string) => `${what} ${unique()} ${MARKERS.team}`;
const xhr = { 'x-requested-with': 'XMLHttpRequest' };

/** A new project of the team's owner or member, shared or private, for a case that changes or deletes it. */
async function newProject(f: TeamFixtures, creator: 'owner' | 'member', shared: boolean) {
  const user = f[creator];
  return shared
    ? createSharedProject(f.app, user, f.team, teamName('Proyecto'))
    : createProject(f.app, user, f.team, teamName('Proyecto'));
}

/** A version of a project's document, straight in the database (saving one is a case of its own). */
async function insertVersion(f: TeamFixtures, projectId: string) {
  const [version] = await f.app.db
    .insert(documentVersions)
    .values({
      projectId,
      kind: 'manual',
      editorIds: [],
      yjsState: new Uint8Array([0, 0]),
      content: { type: 'doc', content: [{ type: 'paragraph' }] },
      text: '',
    })
    .returning({ id: documentVersions.id });
  return version!.id;
}

/** The four projects of a project route's cases, as fixtures or made new for this one request. */
function projectTargets(
  operation: string,
  build: (projectId: string, f: TeamFixtures) => MatrixRequest | Promise<MatrixRequest>,
  options: { fresh?: boolean } = {},
) {
  const fixed: Record<string, (f: TeamFixtures) => string> = {
    'shared project of the owner': (f) => f.ownerThings.project,
    'shared project of the member': (f) => f.memberThings.project,
    'private project of the owner': (f) => f.ownerPrivate,
    'private project of the member': (f) => f.memberPrivate,
  };
  const entries: [string, Build][] = [];
  for (const [target, pick] of Object.entries(fixed)) {
    const [, kind, creator] = target.match(/^(shared|private) project of the (owner|member)$/)!;
    entries.push(
      options.fresh
        ? [
            `${operation} · a new ${target}`,
            async (f) => build(await newProject(f, creator as 'owner' | 'member', kind === 'shared'), f),
          ]
        : [`${operation} · ${target}`, (f) => build(pick(f), f)],
    );
  }
  return entries;
}

/** A new folder, brand voice, custom prompt or template of the owner or of the member, for a case that changes it. */
function sharedThingTargets(
  operation: string,
  thing: 'folder' | 'brand voice' | 'custom prompt' | 'template',
  build: (id: string) => MatrixRequest,
) {
  const key = { folder: 'folder', 'brand voice': 'voice', 'custom prompt': 'prompt' } as const;
  return (['owner', 'member'] as const).map((creator): [string, Build] => [
    `${operation} · a new ${thing} of the ${creator}`,
    async (f) =>
      build(
        // The one thing alone: every thing made here counts against its list's cap.
        thing === 'template'
          ? await makeTemplate(f.app, f.team, f[creator])
          : await makeThing(f.app, f.team, f[creator], key[thing]),
      ),
  ]);
}

/** A new session of the caller (a code mailed and used), for the routes that take the refresh cookie. */
async function refreshCookieOf(f: TeamFixtures, caller: TestUser | null): Promise<Record<string, string>> {
  if (!caller) return xhr;
  await requestCode(f.app, caller.email);
  const res = await login(f.app, caller.email, lastCodeTo(f.app, caller.email));
  return { ...xhr, cookie: cookiePair(res.headers['set-cookie'])! };
}

/** `POST /workspace/{id}/batches` of `rows` subjects for the owner's template (its field `tema`), as multipart. */
function batchUpload(f: TeamFixtures, rows: number): MatrixRequest {
  const csv = ['Tema', ...Array.from({ length: rows }, (_, i) => `Tema ${i + 1}`)].join('\n');
  const file = multipartFile('file', 'productos.csv', 'text/csv', Buffer.from(csv));
  const boundary = file.headers['content-type'].split('boundary=')[1]!;
  const template = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="templateId"\r\n\r\n${f.ownerThings.template}\r\n`,
  );
  return {
    url: `/api/workspace/${f.team}/batches`,
    headers: file.headers,
    payload: Buffer.concat([template, file.payload]),
  };
}

/** A new batch of the owner's, as a draft, running (40 rows: it is still running when asked) or paused. */
async function newBatch(f: TeamFixtures, state: 'draft' | 'running' | 'paused'): Promise<string> {
  const upload = batchUpload(f, 40);
  const res = await f.app.inject({
    method: 'POST',
    url: upload.url,
    payload: upload.payload as Buffer,
    headers: { ...upload.headers, ...f.owner.auth },
  });
  const { id } = res.json() as { id: string };
  const act = (action: string) =>
    f.app.inject({ method: 'POST', url: `/api/batch/${id}/${action}`, headers: f.owner.auth });
  if (state !== 'draft') await act('start');
  if (state === 'paused') await act('pause');
  return id;
}

const sameWorkspaceBody = (f: TeamFixtures) => ({ workspaceId: f.team });
const ownersTransform = (f: TeamFixtures) => ({
  workspaceId: f.team,
  projectId: f.ownerThings.project,
  action: 'shorten',
  text: 'Un titular corto que acortar',
});
const ownersChat = (f: TeamFixtures) => ({
  workspaceId: f.team,
  projectId: f.ownerThings.project,
  message: 'Un titular corto',
});

export const matrixRequests: Record<string, Build> = Object.fromEntries<Build>([
  ['GET /healthz · the process', () => ({ url: '/healthz' })],
  ['GET /readyz · the process and its database', () => ({ url: '/readyz' })],
  ['GET /api/openapi.json · the API description', () => ({ url: '/api/openapi.json' })],
  ['GET /api/docs · the API viewer', () => ({ url: '/api/docs' })],
  ['GET /api/docs/ · the API viewer', () => ({ url: '/api/docs/' })],
  [
    'GET /api/docs/static/index.html · the API viewer (sends to its page)',
    () => ({ url: '/api/docs/static/index.html' }),
  ],
  [
    'GET /api/docs/static/swagger-initializer.js · the API viewer',
    () => ({ url: '/api/docs/static/swagger-initializer.js' }),
  ],
  ["GET /api/docs/* · the API viewer's style sheet", () => ({ url: '/api/docs/static/swagger-ui.css' })],
  ['GET /api/docs/json · the API description', () => ({ url: '/api/docs/json' })],
  ['GET /api/docs/yaml · the API description', () => ({ url: '/api/docs/yaml' })],
  ['GET /dev/mailbox · the mails sent', () => ({ url: '/dev/mailbox' })],

  [
    'POST /api/auth/email/start · a new address',
    () => ({ url: '/api/auth/email/start', payload: { email: freshEmail('sign-in') } }),
  ],
  [
    'POST /api/auth/login · a code just mailed',
    async (f) => {
      const email = freshEmail('sign-in');
      await requestCode(f.app, email);
      return { url: '/api/auth/login', payload: { method: 'email', email, code: lastCodeTo(f.app, email) } };
    },
  ],
  [
    "GET /api/auth/refresh · the caller's own refresh cookie",
    async (f, _actor, caller) => ({
      url: '/api/auth/refresh',
      headers: await refreshCookieOf(f, caller),
      withoutBearer: true,
    }),
  ],
  [
    "POST /api/auth/logout · the caller's own session",
    async (f, _actor, caller) => ({
      url: '/api/auth/logout',
      headers: await refreshCookieOf(f, caller),
      withoutBearer: true,
    }),
  ],
  ['GET /api/auth/user · the caller', () => ({ url: '/api/auth/user' })],
  ['GET /api/auth/providers · the app', () => ({ url: '/api/auth/providers' })],
  [
    'GET /api/auth/oauth/{provider} · a provider that is not configured',
    () => ({ url: '/api/auth/oauth/google' }),
  ],
  [
    'GET /api/auth/oauth/{provider}/callback · a callback with no sign-in started',
    () => ({ url: '/api/auth/oauth/google/callback?code=abc&state=def' }),
  ],

  [
    'PATCH /api/user/change-name · the caller',
    (_f, actor) => ({
      url: '/api/user/change-name',
      payload:
        actor === 'outsider'
          ? { firstName: 'Xenia', lastName: `Ajena ${MARKERS.outsider}` }
          : { firstName: 'Nombre', lastName: `Apellido ${MARKERS.team}` },
    }),
  ],
  [
    'PATCH /api/user/change-email · a new address, no code yet',
    () => ({ url: '/api/user/change-email', payload: { email: freshEmail('new') } }),
  ],
  ['PATCH /api/user/locale · the caller', () => ({ url: '/api/user/locale', payload: { locale: 'es' } })],
  ["GET /api/workspace/list · the caller's workspaces", () => ({ url: '/api/workspace/list' })],

  [
    'PATCH /api/workspace/rename/{id} · the team',
    (f) => ({ url: `/api/workspace/rename/${f.team}`, payload: { name: `Equipo ${MARKERS.team}` } }),
  ],
  ['GET /api/workspace/{id}/usage · the team', (f) => ({ url: `/api/workspace/${f.team}/usage` })],
  ['GET /api/workspace/{id}/storage · the team', (f) => ({ url: `/api/workspace/${f.team}/storage` })],
  ['GET /api/workspace/{id}/members · the team', (f) => ({ url: `/api/workspace/${f.team}/members` })],
  [
    "GET /api/workspace/{id}/members · the outsider's workspace",
    (f) => ({ url: `/api/workspace/${f.outsiders}/members` }),
  ],
  [
    'PATCH /api/workspace/{id}/remove-invited-user/{userId} · a new member of the team',
    async (f) => {
      const joiner = await createUser(f.app, { firstName: 'Nuevo', lastName: MARKERS.team });
      await addMember(f.app, f.team, joiner.id);
      return { url: `/api/workspace/${f.team}/remove-invited-user/${joiner.id}` };
    },
  ],
  [
    'PATCH /api/workspace/{id}/remove-invited-user/{userId} · a new admin of the team',
    async (f) => {
      const joiner = await createUser(f.app, { firstName: 'Nueva', lastName: MARKERS.team });
      await addMember(f.app, f.team, joiner.id, 'admin');
      return { url: `/api/workspace/${f.team}/remove-invited-user/${joiner.id}` };
    },
  ],
  [
    "PATCH /api/workspace/{id}/remove-invited-user/{userId} · the team's owner",
    (f) => ({ url: `/api/workspace/${f.team}/remove-invited-user/${f.owner.id}` }),
  ],
  [
    'POST /api/workspace/{id}/leave · a new team of the owner, the member and the admin',
    async (f) => ({
      url: `/api/workspace/${await createTeamWorkspace(f.app, f.owner, f.member, teamName('Equipo'), f.admin)}/leave`,
    }),
  ],
  [
    'PUT /api/workspace/{id}/member/{userId}/role · a new member of the team, made admin',
    async (f) => {
      const joiner = await createUser(f.app, { firstName: 'Nuevo', lastName: MARKERS.team });
      await addMember(f.app, f.team, joiner.id);
      return { url: `/api/workspace/${f.team}/member/${joiner.id}/role`, payload: { role: 'admin' } };
    },
  ],
  [
    "PUT /api/workspace/{id}/member/{userId}/role · the team's owner",
    (f) => ({ url: `/api/workspace/${f.team}/member/${f.owner.id}/role`, payload: { role: 'member' } }),
  ],
  [
    'PUT /api/workspace/{id}/member/{userId}/role · the outsider, who is not in the team',
    (f) => ({ url: `/api/workspace/${f.team}/member/${f.outsider.id}/role`, payload: { role: 'admin' } }),
  ],

  [
    'POST /api/workspace/{id}/project · the team',
    (f) => ({ url: `/api/workspace/${f.team}/project`, payload: { name: teamName('Proyecto') } }),
  ],
  ['GET /api/workspace/{id}/projects · the team', (f) => ({ url: `/api/workspace/${f.team}/projects` })],
  [
    "GET /api/workspace/{id}/projects · the outsider's workspace",
    (f) => ({ url: `/api/workspace/${f.outsiders}/projects` }),
  ],
  [
    'GET /api/workspace/{id}/projects/no-folder · the team',
    (f) => ({ url: `/api/workspace/${f.team}/projects/no-folder` }),
  ],
  ...projectTargets('GET /api/project/{id}', (id) => ({ url: `/api/project/${id}` })),
  [
    "GET /api/project/{id} · the outsider's project",
    (f) => ({ url: `/api/project/${f.outsiderThings.project}` }),
  ],
  ...projectTargets('DELETE /api/project/{id}', (id) => ({ url: `/api/project/${id}` }), { fresh: true }),
  ...projectTargets(
    'PATCH /api/project/rename/{id}',
    (id) => ({
      url: `/api/project/rename/${id}`,
      payload: { name: teamName('Renombrado') },
    }),
    { fresh: true },
  ),
  ...projectTargets('GET /api/project/{id}/document', (id) => ({ url: `/api/project/${id}/document` })),
  ...projectTargets('PATCH /api/project/{id}/document', (id) => ({
    url: `/api/project/${id}/document`,
    payload: {
      content: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Hola' }] }] },
      // Based on a time after any change: the save applies, whatever the document's own time.
      updatedAt: '2100-01-01T00:00:00.000Z',
    },
  })),
  ...projectTargets('GET /api/project/{id}/document/versions', (id) => ({
    url: `/api/project/${id}/document/versions`,
  })),
  ...projectTargets('POST /api/project/{id}/document/versions', (id) => ({
    url: `/api/project/${id}/document/versions`,
    payload: { name: teamName('Versión') },
  })),
  ...projectTargets('GET /api/project/{id}/document/versions/{versionId}', async (id, f) => ({
    url: `/api/project/${id}/document/versions/${await insertVersion(f, id)}`,
  })),
  [
    "GET /api/project/{id}/document/versions/{versionId} · the owner's shared project with the outsider's version",
    async (f) => ({
      url: `/api/project/${f.ownerThings.project}/document/versions/${await insertVersion(f, f.outsiderThings.project)}`,
    }),
  ],
  ...projectTargets('POST /api/project/{id}/document/versions/{versionId}/restore', async (id, f) => ({
    url: `/api/project/${id}/document/versions/${await insertVersion(f, id)}/restore`,
  })),
  [
    "POST /api/project/{id}/document/versions/{versionId}/restore · the owner's shared project with the outsider's version",
    async (f) => ({
      url: `/api/project/${f.ownerThings.project}/document/versions/${await insertVersion(f, f.outsiderThings.project)}/restore`,
    }),
  ],
  ...projectTargets(
    'PATCH /api/project/{id}/share-to-workspace',
    (id) => ({ url: `/api/project/${id}/share-to-workspace` }),
    {
      fresh: true,
    },
  ),
  ...projectTargets(
    'PATCH /api/project/{id}/move-to-folder/{folderId}',
    (id, f) => ({
      url: `/api/project/${id}/move-to-folder/${f.ownerThings.folder}`,
    }),
    { fresh: true },
  ),
  [
    "PATCH /api/project/{id}/move-to-folder/{folderId} · a new shared project of the member into the outsider's folder",
    async (f) => ({
      url: `/api/project/${await newProject(f, 'member', true)}/move-to-folder/${f.outsiderThings.folder}`,
    }),
  ],

  [
    'POST /api/folder · the team',
    (f) => ({ url: '/api/folder', payload: { workspaceId: f.team, name: teamName('Carpeta') } }),
  ],
  ...sharedThingTargets('PATCH /api/folder/rename/{id}', 'folder', (id) => ({
    url: `/api/folder/rename/${id}`,
    payload: { name: teamName('Carpeta') },
  })),
  ...sharedThingTargets('DELETE /api/folder/{id}', 'folder', (id) => ({ url: `/api/folder/${id}` })),
  [
    "GET /api/folder/{id}/projects · the owner's folder",
    (f) => ({ url: `/api/folder/${f.ownerThings.folder}/projects` }),
  ],
  ['GET /api/workspace/{id}/folders · the team', (f) => ({ url: `/api/workspace/${f.team}/folders` })],

  [
    'POST /api/chat/send-request-stream · shared project of the owner',
    (f) => ({
      url: '/api/chat/send-request-stream',
      payload: { workspaceId: f.team, projectId: f.ownerThings.project, message: 'Un titular corto' },
    }),
  ],
  [
    'POST /api/chat/send-request-stream · private project of the owner',
    (f) => ({
      url: '/api/chat/send-request-stream',
      payload: { workspaceId: f.team, projectId: f.ownerPrivate, message: 'Un titular corto' },
    }),
  ],
  [
    "POST /api/chat/send-request-stream · the team with the outsider's project",
    (f) => ({
      url: '/api/chat/send-request-stream',
      payload: { workspaceId: f.team, projectId: f.outsiderThings.project, message: 'Un titular corto' },
    }),
  ],
  [
    "POST /api/chat/send-request-stream · shared project of the owner in the outsider's brand voice",
    (f) => ({
      url: '/api/chat/send-request-stream',
      payload: { ...ownersChat(f), brandVoiceId: f.outsiderThings.voice },
    }),
  ],
  [
    "POST /api/chat/send-request-stream · shared project of the owner with the outsider's custom prompt",
    (f) => ({
      url: '/api/chat/send-request-stream',
      payload: { ...ownersChat(f), promptId: f.outsiderThings.prompt },
    }),
  ],
  [
    'POST /api/document/transform · shared project of the owner',
    (f) => ({ url: '/api/document/transform', payload: ownersTransform(f) }),
  ],
  [
    'POST /api/document/transform · private project of the owner',
    (f) => ({
      url: '/api/document/transform',
      payload: { ...ownersTransform(f), projectId: f.ownerPrivate },
    }),
  ],
  [
    "POST /api/document/transform · the team with the outsider's project",
    (f) => ({
      url: '/api/document/transform',
      payload: { ...ownersTransform(f), projectId: f.outsiderThings.project },
    }),
  ],
  [
    "POST /api/document/transform · shared project of the owner in the outsider's brand voice",
    (f) => ({
      url: '/api/document/transform',
      payload: { ...ownersTransform(f), brandVoiceId: f.outsiderThings.voice },
    }),
  ],
  [
    "POST /api/chat/send-request-stream · shared project of the owner, regenerating the outsider's reply",
    (f) => ({
      url: '/api/chat/send-request-stream',
      payload: {
        workspaceId: f.team,
        projectId: f.ownerThings.project,
        regenerate: { entryId: f.outsiderReply },
      },
    }),
  ],
  [
    'POST /api/chat/improve · the team',
    (f) => ({ url: '/api/chat/improve', payload: { workspaceId: f.team, text: 'escribe algo sobre pan' } }),
  ],
  [
    'POST /api/workspace/{id}/generate · the team',
    (f) => ({
      url: `/api/workspace/${f.team}/generate`,
      payload: { prompt: 'Un eslogan para una panadería' },
    }),
  ],
  [
    "POST /api/workspace/{id}/generate · the team in the outsider's brand voice",
    (f) => ({
      url: `/api/workspace/${f.team}/generate`,
      payload: { prompt: 'Un eslogan', brandVoiceId: f.outsiderThings.voice },
    }),
  ],
  ...projectTargets('GET /api/project/{id}/conversation', (id) => ({
    url: `/api/project/${id}/conversation`,
  })),
  ...projectTargets('GET /api/project/{id}/conversation/live', (id) => ({
    url: `/api/project/${id}/conversation/live`,
  })),
  ...projectTargets('POST /api/project/{id}/conversation/stop', (id) => ({
    url: `/api/project/${id}/conversation/stop`,
    payload: {},
  })),
  [
    "PATCH /api/project/{id}/conversation/shown-version · the reply in the owner's shared project",
    (f) => ({
      url: `/api/project/${f.ownerThings.project}/conversation/shown-version`,
      payload: { entryId: f.reply },
    }),
  ],
  [
    "PATCH /api/project/{id}/conversation/shown-version · the owner's shared project with the outsider's reply",
    (f) => ({
      url: `/api/project/${f.ownerThings.project}/conversation/shown-version`,
      payload: { entryId: f.outsiderReply },
    }),
  ],
  [
    "PATCH /api/project/{id}/conversation/entry/{entryId} · the reply in the owner's shared project",
    (f) => ({
      url: `/api/project/${f.ownerThings.project}/conversation/entry/${f.reply}`,
      payload: { content: 'Pan de masa madre, hecho cada mañana.', ignoredFindings: [] },
    }),
  ],
  [
    "PATCH /api/project/{id}/conversation/entry/{entryId} · the owner's shared project with the outsider's reply",
    (f) => ({
      url: `/api/project/${f.ownerThings.project}/conversation/entry/${f.outsiderReply}`,
      payload: { content: 'Libros para todos.' },
    }),
  ],
  [
    "PATCH /api/workspace/{id}/add-reaction/{reactionId} · the team with the outsider's reply",
    (f) => ({ url: `/api/workspace/${f.team}/add-reaction/${f.outsiderReply}`, payload: { value: 'down' } }),
  ],
  [
    "PATCH /api/workspace/{id}/add-reaction/{reactionId} · the reply in the owner's shared project",
    (f) => ({ url: `/api/workspace/${f.team}/add-reaction/${f.reply}`, payload: { value: 'up' } }),
  ],
  [
    'PATCH /api/workspace/gpt-4/enable · the team',
    (f) => ({ url: '/api/workspace/gpt-4/enable', payload: sameWorkspaceBody(f) }),
  ],
  [
    'PATCH /api/workspace/gpt-4/enable · the free team',
    (f) => ({ url: '/api/workspace/gpt-4/enable', payload: { workspaceId: f.freeTeam } }),
  ],
  [
    'PATCH /api/workspace/gpt-4/disable · the team',
    (f) => ({ url: '/api/workspace/gpt-4/disable', payload: sameWorkspaceBody(f) }),
  ],
  [
    'GET /api/workspace/{id}/gpt-4/status · the team',
    (f) => ({ url: `/api/workspace/${f.team}/gpt-4/status` }),
  ],

  [
    'GET /api/brand-voice/workspace/{id} · the team',
    (f) => ({ url: `/api/brand-voice/workspace/${f.team}` }),
  ],
  [
    'POST /api/brand-voice/workspace/{id} · the team',
    (f) => ({
      url: `/api/brand-voice/workspace/${f.team}`,
      payload: { name: teamName('Voz'), voice: 'Directa' },
    }),
  ],
  [
    'PATCH /api/brand-voice/analyze-content · the team',
    (f) => ({
      url: '/api/brand-voice/analyze-content',
      payload: { workspaceId: f.team, text: 'Hacemos pan cada mañana con harina de la zona y mucho cariño.' },
    }),
  ],
  [
    "GET /api/brand-voice/{id} · the owner's brand voice",
    (f) => ({ url: `/api/brand-voice/${f.ownerThings.voice}` }),
  ],
  ...sharedThingTargets('PATCH /api/brand-voice/{id}', 'brand voice', (id) => ({
    url: `/api/brand-voice/${id}`,
    payload: { name: teamName('Voz') },
  })),
  [
    "PATCH /api/brand-voice/{id} · the outsider's brand voice",
    (f) => ({
      url: `/api/brand-voice/${f.outsiderThings.voice}`,
      payload: { voice: `Seria ${MARKERS.outsider}` },
    }),
  ],
  ...sharedThingTargets('DELETE /api/brand-voice/{id}', 'brand voice', (id) => ({
    url: `/api/brand-voice/${id}`,
  })),

  ['GET /api/workspace/{id}/knowledge · the team', (f) => ({ url: `/api/workspace/${f.team}/knowledge` })],
  [
    'GET /api/workspace/{id}/knowledge/search · the team',
    (f) => ({ url: `/api/workspace/${f.team}/knowledge/search?q=precios` }),
  ],
  [
    'POST /api/workspace/{id}/knowledge · the team',
    (f) => {
      const body = multipartFile('file', 'guia.txt', 'text/plain', Buffer.from(`Precios ${MARKERS.team}`));
      return { url: `/api/workspace/${f.team}/knowledge`, payload: body.payload, headers: body.headers };
    },
  ],
  [
    'POST /api/workspace/{id}/knowledge/url · the team',
    // A private address: refused while processing, so no test reaches the network.
    (f) => ({ url: `/api/workspace/${f.team}/knowledge/url`, payload: { url: 'http://10.255.255.1/' } }),
  ],
  [
    'GET /api/workspace/{id}/style-rules · the team',
    (f) => ({ url: `/api/workspace/${f.team}/style-rules` }),
  ],
  [
    'PUT /api/workspace/{id}/style-rules · the team',
    (f) => ({
      url: `/api/workspace/${f.team}/style-rules`,
      payload: { rules: [{ kind: 'ban', phrase: 'revolucionario' }] },
    }),
  ],
  [
    'POST /api/workspace/{id}/style-check · the team',
    (f) => ({
      url: `/api/workspace/${f.team}/style-check`,
      payload: { text: 'Un producto revolucionario.', language: 'es' },
    }),
  ],
  ...(['owner', 'member'] as const).map((creator): [string, Build] => [
    `DELETE /api/knowledge/{id} · a new knowledge source of the ${creator}`,
    async (f) => {
      const [source] = await f.app.db
        .insert(knowledgeSources)
        .values({
          workspaceId: f.team,
          name: teamName('guia.txt'),
          kind: 'file',
          status: 'failed',
          failureReason: 'NO_TEXT_FOUND',
          addedBy: f[creator].id,
        })
        .returning({ id: knowledgeSources.id });
      return { url: `/api/knowledge/${source!.id}` };
    },
  ]),

  ['GET /api/prompt/by-workspace/{id} · the team', (f) => ({ url: `/api/prompt/by-workspace/${f.team}` })],
  [
    'POST /api/prompt/custom · the team',
    (f) => ({
      url: '/api/prompt/custom',
      payload: { workspaceId: f.team, language: 'es', name: teamName('Prompt'), text: 'Escribe un asunto' },
    }),
  ],
  ...sharedThingTargets('PATCH /api/prompt/custom/{id}', 'custom prompt', (id) => ({
    url: `/api/prompt/custom/${id}`,
    payload: { name: teamName('Prompt'), text: 'Escribe otro asunto' },
  })),
  [
    'PATCH /api/prompt/custom/{id} · a built-in prompt',
    (f) => ({ url: `/api/prompt/custom/${f.builtInPrompt}`, payload: { name: 'Mío', text: 'Otro texto' } }),
  ],
  ...sharedThingTargets('DELETE /api/prompt/custom/{id}', 'custom prompt', (id) => ({
    url: `/api/prompt/custom/${id}`,
  })),
  [
    'DELETE /api/prompt/custom/{id} · a built-in prompt',
    (f) => ({ url: `/api/prompt/custom/${f.builtInPrompt}` }),
  ],
  [
    "POST /api/prompt/{id}/use · the owner's custom prompt",
    (f) => ({ url: `/api/prompt/${f.ownerThings.prompt}/use`, payload: sameWorkspaceBody(f) }),
  ],
  [
    'POST /api/prompt/{id}/use · a built-in prompt in the team',
    (f) => ({ url: `/api/prompt/${f.builtInPrompt}/use`, payload: sameWorkspaceBody(f) }),
  ],

  [
    "POST /api/prompt/{id}/use · the outsider's custom prompt in the team",
    (f) => ({ url: `/api/prompt/${f.outsiderThings.prompt}/use`, payload: sameWorkspaceBody(f) }),
  ],
  ['GET /api/workspace/{id}/templates · the team', (f) => ({ url: `/api/workspace/${f.team}/templates` })],
  [
    'POST /api/workspace/{id}/templates · the team',
    (f) => ({
      url: `/api/workspace/${f.team}/templates`,
      payload: {
        name: teamName('Plantilla'),
        language: 'es',
        prompt: 'Escribe un asunto sobre {{tema}}',
        fields: [{ key: 'tema', label: 'Tema', type: 'text', required: true }],
      },
    }),
  ],
  [
    "GET /api/template/{id} · the owner's template",
    (f) => ({ url: `/api/template/${f.ownerThings.template}` }),
  ],
  [
    'GET /api/template/{id} · a built-in template',
    () => ({ url: `/api/template/${builtInTemplateId('es', 'seo-meta')}` }),
  ],
  [
    "GET /api/template/{id} · the outsider's template",
    (f) => ({ url: `/api/template/${f.outsiderThings.template}` }),
  ],
  ...sharedThingTargets('PATCH /api/template/{id}', 'template', (id) => ({
    url: `/api/template/${id}`,
    payload: { name: teamName('Plantilla') },
  })),
  [
    'PATCH /api/template/{id} · a built-in template',
    () => ({ url: `/api/template/${builtInTemplateId('es', 'seo-meta')}`, payload: { name: 'Mía' } }),
  ],
  ...sharedThingTargets('DELETE /api/template/{id}', 'template', (id) => ({ url: `/api/template/${id}` })),
  [
    'DELETE /api/template/{id} · a built-in template',
    () => ({ url: `/api/template/${builtInTemplateId('es', 'seo-meta')}` }),
  ],
  ['POST /api/workspace/{id}/batches · the team', (f) => batchUpload(f, 2)],
  ['GET /api/workspace/{id}/batches · the team', (f) => ({ url: `/api/workspace/${f.team}/batches` })],
  [
    "GET /api/batch/{id} · a batch of the owner's",
    async (f) => ({ url: `/api/batch/${await newBatch(f, 'draft')}` }),
  ],
  [
    "PATCH /api/batch/{id} · a draft batch of the owner's",
    async (f) => ({ url: `/api/batch/${await newBatch(f, 'draft')}`, payload: { skipInvalid: true } }),
  ],
  [
    "POST /api/batch/{id}/start · a draft batch of the owner's",
    async (f) => ({ url: `/api/batch/${await newBatch(f, 'draft')}/start` }),
  ],
  [
    "POST /api/batch/{id}/pause · a running batch of the owner's",
    async (f) => ({ url: `/api/batch/${await newBatch(f, 'running')}/pause` }),
  ],
  [
    "POST /api/batch/{id}/resume · a paused batch of the owner's",
    async (f) => ({ url: `/api/batch/${await newBatch(f, 'paused')}/resume` }),
  ],
  [
    "POST /api/batch/{id}/cancel · a draft batch of the owner's",
    async (f) => ({ url: `/api/batch/${await newBatch(f, 'draft')}/cancel` }),
  ],
  [
    "GET /api/batch/{id}/rows · a batch of the owner's",
    async (f) => ({ url: `/api/batch/${await newBatch(f, 'draft')}/rows` }),
  ],
  [
    "PATCH /api/batch/{id}/row/{index} · a row not written yet of the owner's batch",
    async (f) => ({
      url: `/api/batch/${await newBatch(f, 'draft')}/row/0`,
      payload: { part: 'text', text: 'Mío' },
    }),
  ],
  [
    "POST /api/batch/{id}/row/{index}/regenerate · a row not written yet of the owner's batch",
    async (f) => ({ url: `/api/batch/${await newBatch(f, 'draft')}/row/0/regenerate` }),
  ],
  [
    "GET /api/batch/{id}/export · a batch of the owner's",
    async (f) => ({ url: `/api/batch/${await newBatch(f, 'draft')}/export` }),
  ],
  [
    "GET /api/subscription/sandbox/{sessionId} · the outsider's checkout",
    (f) => ({ url: `/api/subscription/sandbox/${f.outsiderCheckout}` }),
  ],
  [
    'PATCH /api/workspace/{id}/remove-invited-user/{userId} · the outsider, who is not in the team',
    (f) => ({ url: `/api/workspace/${f.team}/remove-invited-user/${f.outsider.id}` }),
  ],
  ['GET /api/price · the app', () => ({ url: '/api/price' })],
  [
    'GET /api/workspace/{id}/subscription · the team',
    (f) => ({ url: `/api/workspace/${f.team}/subscription` }),
  ],
  [
    'POST /api/subscription/create-subscription · the free team',
    (f) => ({ url: '/api/subscription/create-subscription', payload: checkoutBody(f, f.freeTeam) }),
  ],
  [
    'POST /api/subscription/create-subscription · the team, already subscribed',
    (f) => ({ url: '/api/subscription/create-subscription', payload: checkoutBody(f, f.team) }),
  ],
  [
    'POST /api/subscription/create-portal-session · the team',
    (f) => ({ url: '/api/subscription/create-portal-session', payload: sameWorkspaceBody(f) }),
  ],
  [
    'POST /api/subscription/upgrade-to-yearly · the team',
    (f) => ({ url: '/api/subscription/upgrade-to-yearly', payload: sameWorkspaceBody(f) }),
  ],
  [
    'DELETE /api/subscription/cancel-subscription · the team',
    (f) => ({ url: '/api/subscription/cancel-subscription', payload: sameWorkspaceBody(f) }),
  ],
  [
    'POST /api/subscription/resume · the team',
    (f) => ({ url: '/api/subscription/resume', payload: sameWorkspaceBody(f) }),
  ],
  [
    'PATCH /api/subscription/request-unsubscription-discount · the team',
    (f) => ({ url: '/api/subscription/request-unsubscription-discount', payload: sameWorkspaceBody(f) }),
  ],
  [
    'POST /api/workspace/{id}/buy-additional-seat · the team',
    (f) => ({ url: `/api/workspace/${f.team}/buy-additional-seat`, payload: { numberOfSeats: 1 } }),
  ],
  [
    "GET /api/subscription/sandbox/{sessionId} · the free team's checkout",
    (f) => ({ url: `/api/subscription/sandbox/${f.checkoutOfFreeTeam}` }),
  ],
  [
    "POST /api/subscription/sandbox/{sessionId}/confirm · a new free team's checkout",
    async (f) => {
      const workspace = await createTeamWorkspace(f.app, f.owner, f.member, teamName('Equipo'));
      return { url: `/api/subscription/sandbox/${await startCheckout(f.app, f.owner, workspace)}/confirm` };
    },
  ],
  [
    'POST /api/subscription/sandbox/{sessionId}/cancel · a new checkout of the free team',
    async (f) => ({
      url: `/api/subscription/sandbox/${await startCheckout(f.app, f.owner, f.freeTeam)}/cancel`,
    }),
  ],
  [
    'POST /api/stripe/webhook · an unsigned event',
    () => ({
      url: '/api/stripe/webhook',
      payload: { id: 'evt_1', type: 'invoice.paid' },
      withoutBearer: true,
    }),
  ],

  [
    'POST /api/invitation-to-workspace/preview · a pending invitation of the owner',
    (f) => ({ url: '/api/invitation-to-workspace/preview', payload: { token: f.linkInvitation.token } }),
  ],
  [
    'POST /api/invitation-to-workspace/preview · a token never issued',
    () => ({
      url: '/api/invitation-to-workspace/preview',
      payload: { token: randomBytes(32).toString('base64url') },
    }),
  ],
  [
    'POST /api/workspace/{id}/invite · the team',
    (f) => ({ url: `/api/workspace/${f.team}/invite`, payload: { email: freshEmail() } }),
  ],
  [
    'POST /api/workspace/{id}/invite · the free team',
    (f) => ({ url: `/api/workspace/${f.freeTeam}/invite`, payload: { email: freshEmail() } }),
  ],
  [
    'POST /api/workspace/{id}/invite · the full team',
    (f) => ({ url: `/api/workspace/${f.fullTeam}/invite`, payload: { email: freshEmail() } }),
  ],
  [
    'GET /api/workspace/{id}/pending-invitations · the team',
    (f) => ({ url: `/api/workspace/${f.team}/pending-invitations` }),
  ],
  [
    "POST /api/invitation-to-workspace/{id}/resend · the owner's invitation",
    (f) => ({ url: `/api/invitation-to-workspace/${f.ownerInvitation.id}/resend` }),
  ],
  [
    "POST /api/invitation-to-workspace/{id}/resend · the member's invitation",
    (f) => ({ url: `/api/invitation-to-workspace/${f.memberInvitation.id}/resend` }),
  ],
  [
    'DELETE /api/invitation-to-workspace/{id}/revoke · a new invitation of the owner',
    async (f) => ({
      url: `/api/invitation-to-workspace/${(await invite(f.app, f.owner, f.team)).id}/revoke`,
    }),
  ],
  [
    'DELETE /api/invitation-to-workspace/{id}/revoke · a new invitation of the member',
    async (f) => ({
      url: `/api/invitation-to-workspace/${(await invite(f.app, f.member, f.team)).id}/revoke`,
    }),
  ],
  [
    'POST /api/workspace/add-user-by-token · an invitation of the owner to another address',
    (f) => ({ url: '/api/workspace/add-user-by-token', payload: { token: f.linkInvitation.token } }),
  ],
  ['GET /api/workspace/{id}/api-keys · the team', (f) => ({ url: `/api/workspace/${f.team}/api-keys` })],
  [
    'POST /api/workspace/{id}/api-keys · the team',
    (f) => ({
      url: `/api/workspace/${f.team}/api-keys`,
      payload: { name: teamName('Clave'), scopes: ['read'] },
    }),
  ],
  [
    'DELETE /api/api-key/{id} · a new key of the team',
    async (f) => {
      const res = await f.app.inject({
        method: 'POST',
        url: `/api/workspace/${f.team}/api-keys`,
        headers: f.owner.auth,
        payload: { name: teamName('Clave'), scopes: ['read'] },
      });
      return { url: `/api/api-key/${(res.json() as { id: string }).id}` };
    },
  ],
  ['GET /api/workspace/{id}/scim · the team', (f) => ({ url: `/api/workspace/${f.team}/scim` })],
  ['POST /api/workspace/{id}/scim/token · the team', (f) => ({ url: `/api/workspace/${f.team}/scim/token` })],
  [
    'PUT /api/workspace/{id}/scim/admin-groups · the team, not on Enterprise',
    (f) => ({
      url: `/api/workspace/${f.team}/scim/admin-groups`,
      payload: { adminGroups: ['Redacta Admins'] },
    }),
  ],
  [
    'DELETE /api/workspace/{id}/scim/token · the team, with no token',
    (f) => ({ url: `/api/workspace/${f.team}/scim/token` }),
  ],
  ...scimOperations.map((operation): [string, Build] => [
    `${operation} · the SCIM service with a session`,
    () => {
      const [method, path] = operation.split(' ') as [string, string];
      const url = path.replace('{id}', randomUUID());
      const body = ['POST', 'PUT', 'PATCH'].includes(method) ? { schemas: [] } : undefined;
      return { url, ...(body ? { payload: body } : {}) };
    },
  ]),
  ['GET /api/workspace/{id}/webhooks · the team', (f) => ({ url: `/api/workspace/${f.team}/webhooks` })],
  [
    'POST /api/workspace/{id}/webhooks · the team',
    (f) => ({
      url: `/api/workspace/${f.team}/webhooks`,
      payload: { url: WEBHOOK_URL, events: ['subscription.changed'] },
    }),
  ],
  [
    'PATCH /api/webhook/{id} · a new webhook of the team',
    async (f) => ({ url: `/api/webhook/${await newWebhook(f)}`, payload: { enabled: false } }),
  ],
  [
    'DELETE /api/webhook/{id} · a new webhook of the team',
    async (f) => ({ url: `/api/webhook/${await newWebhook(f)}` }),
  ],
  [
    'POST /api/webhook/{id}/rotate-secret · a new webhook of the team',
    async (f) => ({ url: `/api/webhook/${await newWebhook(f)}/rotate-secret` }),
  ],
  [
    'GET /api/webhook/{id}/deliveries · a new webhook of the team',
    async (f) => ({ url: `/api/webhook/${await newWebhook(f)}/deliveries` }),
  ],
  [
    'POST /api/webhook-delivery/{id}/redeliver · a delivery of the team',
    async (f) => {
      // Its endpoint points at loopback, which this app's outbound guard refuses: nothing leaves the machine.
      const [endpoint] = await f.app.db
        .insert(webhookEndpoints)
        .values({
          workspaceId: f.team,
          url: 'https://127.0.0.1:9/hooks',
          events: ['member.removed'],
          secret: 'whsec_AAAA',
        })
        .returning({ id: webhookEndpoints.id });
      const [delivery] = await f.app.db
        .insert(webhookDeliveries)
        .values({
          endpointId: endpoint!.id,
          eventId: `msg_${unique()}`,
          event: 'member.removed',
          payload: {},
        })
        .returning({ id: webhookDeliveries.id });
      return { url: `/api/webhook-delivery/${delivery!.id}/redeliver` };
    },
  ],

  [
    'GET /api/auth/sso/start · an address whose domain no workspace verified',
    () => ({ url: `/api/auth/sso/start?email=${encodeURIComponent(freshEmail('sso'))}` }),
  ],
  [
    'GET /api/auth/sso/callback · a callback with no sign-in started',
    () => ({ url: '/api/auth/sso/callback?code=abc&state=def' }),
  ],
  [
    'GET /api/workspace/{id}/sso · the team, not on Enterprise',
    (f) => ({ url: `/api/workspace/${f.team}/sso` }),
  ],
  [
    'PUT /api/workspace/{id}/sso · the team, not on Enterprise',
    (f) => ({
      url: `/api/workspace/${f.team}/sso`,
      payload: {
        issuer: 'https://login.example.com',
        clientId: 'redacta',
        clientSecret: 'client-secret',
        enforced: false,
      },
    }),
  ],
  [
    'POST /api/workspace/{id}/sso/domains · the team, not on Enterprise',
    (f) => ({ url: `/api/workspace/${f.team}/sso/domains`, payload: { domain: 'example.com' } }),
  ],
  [
    'POST /api/workspace/{id}/sso/domains/{domain}/verify · the team, not on Enterprise',
    (f) => ({ url: `/api/workspace/${f.team}/sso/domains/example.com/verify` }),
  ],
  [
    'DELETE /api/workspace/{id}/sso/domains/{domain} · the team, not on Enterprise',
    (f) => ({ url: `/api/workspace/${f.team}/sso/domains/example.com` }),
  ],

  ['GET /api/user/export · the caller', () => ({ url: '/api/user/export' })],
  ['GET /api/user/deletion · the caller', () => ({ url: '/api/user/deletion' })],
  ['POST /api/user/deletion-code · the caller', () => ({ url: '/api/user/deletion-code' })],
  [
    'DELETE /api/user · the caller, with a wrong code',
    async (f, _actor, caller) => {
      if (!caller) return { url: '/api/user', payload: { code: '123456' } };
      // A code mailed now, and one that is surely not it.
      await f.app.inject({ method: 'POST', url: '/api/user/deletion-code', headers: caller.auth });
      const mailed = Number(lastCodeTo(f.app, caller.email));
      return { url: '/api/user', payload: { code: String((mailed + 1) % 1_000_000).padStart(6, '0') } };
    },
  ],

  [
    'DELETE /api/workspace/{id} · the team, with a wrong name typed',
    (f) => ({ url: `/api/workspace/${f.team}`, payload: { name: teamName('Otro') } }),
  ],
  ['POST /api/workspace/{id}/export · the team', (f) => ({ url: `/api/workspace/${f.team}/export` })],
  ['GET /api/workspace/{id}/export · the team', (f) => ({ url: `/api/workspace/${f.team}/export` })],
  [
    'GET /api/workspace/{id}/export/{exportId} · an export never made',
    (f) => ({ url: `/api/workspace/${f.team}/export/${randomUUID()}` }),
  ],
  [
    'GET /api/workspace/{id}/export/{exportId}/download · an export never made',
    (f) => ({ url: `/api/workspace/${f.team}/export/${randomUUID()}/download` }),
  ],

  [
    'GET /api/workspace/{id}/usage/breakdown · the team',
    (f) => ({ url: `/api/workspace/${f.team}/usage/breakdown` }),
  ],
  [
    'GET /api/workspace/{id}/usage/breakdown/export · the team',
    (f) => ({ url: `/api/workspace/${f.team}/usage/breakdown/export` }),
  ],
  [
    'PUT /api/workspace/{id}/member/{userId}/budget · the member, no cap',
    // null removes a cap: the member's AI calls in the other cases stay as they were.
    (f) => ({
      url: `/api/workspace/${f.team}/member/${f.member.id}/budget`,
      payload: { monthlyWords: null },
    }),
  ],
  [
    'PUT /api/workspace/{id}/member/{userId}/budget · the admin, no cap',
    (f) => ({
      url: `/api/workspace/${f.team}/member/${f.admin.id}/budget`,
      payload: { monthlyWords: null },
    }),
  ],

  ['GET /api/workspace/{id}/audit · the team', (f) => ({ url: `/api/workspace/${f.team}/audit` })],
  [
    'GET /api/workspace/{id}/audit/actors · the team',
    (f) => ({ url: `/api/workspace/${f.team}/audit/actors` }),
  ],
  [
    'GET /api/workspace/{id}/audit/export · the team',
    (f) => ({ url: `/api/workspace/${f.team}/audit/export` }),
  ],
]);

/** A public address literal, accepted without DNS; the team's endpoints take only subscription.changed, which no case after the billing ones fires. */
const WEBHOOK_URL = 'https://93.184.215.14/hooks';

/** A webhook the team's owner adds through the API, for a case that acts on it. */
async function newWebhook(f: TeamFixtures): Promise<string> {
  const res = await f.app.inject({
    method: 'POST',
    url: `/api/workspace/${f.team}/webhooks`,
    headers: f.owner.auth,
    payload: { url: WEBHOOK_URL, events: ['subscription.changed'] },
  });
  return (res.json() as { id: string }).id;
}

function checkoutBody(f: TeamFixtures, workspaceId: string) {
  const back = `${f.app.config.APP_URL}/subscription`;
  return { lookupKey: 'proMonthly', workspaceId, successUrl: back, cancelUrl: back };
}
