import { randomUUID } from 'node:crypto';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { App } from '../../src/app.ts';
import { memberships } from '../../src/db/schema.ts';
import { changeWorkspacePlan } from '../../src/modules/plans/service.ts';
import { createPersonalWorkspace } from '../../src/modules/workspaces/service.ts';
import { addMember, createUser, type TestUser } from '../helpers/factories.ts';

/**
 * Marker strings in the names of things, so a test can tell from any answer's bytes whose things it
 * shows: the team's (an outsider must never see them), the outsider's (the team must never see them),
 * and each team user's private project (the other one must never see it).
 */
export const MARKERS = {
  team: 'Zqxequipo',
  outsider: 'Zqxajeno',
  ownerPrivate: 'Zqxprivolga',
  memberPrivate: 'Zqxprivmario',
} as const;

export type Caller = TestUser | null;

/** One request as `caller` (null: no session) through the real app. */
export function call(
  app: App,
  caller: Caller,
  method: InjectOptions['method'],
  url: string,
  payload?: unknown,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url,
    headers: caller ? caller.auth : {},
    ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
  });
}

/** Like `call`, for set-up steps that must succeed: the parsed answer, or a thrown error saying why not. */
export async function must<T = { id: string }>(
  app: App,
  caller: Caller,
  method: InjectOptions['method'],
  url: string,
  payload?: unknown,
): Promise<T> {
  const res = await call(app, caller, method, url, payload);
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
  const isJson = String(res.headers['content-type']).startsWith('application/json');
  return (isJson ? res.json() : res.body) as T;
}

const unique = () => randomUUID().slice(0, 8);
export const freshEmail = (what = 'invitee') => `${what}-${unique()}@example.com`;

/**
 * The world both hardening suites work against: a Pro team (an owner, an admin and a member, with a project
 * shared and one private of each, a folder, a brand voice and a custom prompt of each, a reply in the
 * owner's shared project, and pending invitations by each), a free team and a full Pro team of the
 * same two people, and an outsider with a workspace and things of their own. Every name carries its
 * side's marker. All of it is made through the real routes, except memberships (inserted, as the
 * factories do) and the full team's plan (set through the one function that changes plans).
 */
export async function createTeamFixtures(app: App) {
  const owner = await createUser(app, { firstName: 'Olga', lastName: `Dueña ${MARKERS.team}` });
  const member = await createUser(app, { firstName: 'Mario', lastName: `Miembro ${MARKERS.team}` });
  const admin = await createUser(app, { firstName: 'Adela', lastName: `Admin ${MARKERS.team}` });
  const outsider = await createUser(app, { firstName: 'Xenia', lastName: `Ajena ${MARKERS.outsider}` });

  const team = owner.workspaceId;
  await must(app, owner, 'PATCH', `/api/workspace/rename/${team}`, { name: `Equipo ${MARKERS.team}` });
  await addMember(app, team, member.id);
  await addMember(app, team, admin.id, 'admin');
  const checkout = await must<{ url: string }>(app, owner, 'POST', '/api/subscription/create-subscription', {
    lookupKey: 'proMonthly',
    workspaceId: team,
    successUrl: `${app.config.APP_URL}/subscription`,
    cancelUrl: `${app.config.APP_URL}/subscription`,
  });
  const sessionId = new URL(checkout.url, app.config.APP_URL).searchParams.get('session')!;
  await must(app, owner, 'POST', `/api/subscription/sandbox/${sessionId}/confirm`);
  // Room for every invitation the suites send.
  await must(app, owner, 'POST', `/api/workspace/${team}/buy-additional-seat`, { numberOfSeats: 40 });

  const things = (creator: TestUser) => makeThings(app, team, creator);
  const ownerThings = await things(owner);
  const memberThings = await things(member);
  const ownerPrivate = await createProject(app, owner, team, `Privado ${MARKERS.ownerPrivate}`);
  const memberPrivate = await createProject(app, member, team, `Privado ${MARKERS.memberPrivate}`);

  const ownerInvitation = await invite(app, owner, team);
  const memberInvitation = await invite(app, member, team);
  // Its link is never sent again, so its token stays the one mailed.
  const linkInvitation = await invite(app, owner, team);

  await must(app, owner, 'POST', '/api/chat/send-request-stream', {
    workspaceId: team,
    projectId: ownerThings.project,
    message: 'Escribe un eslogan para una panadería',
  });
  const page = await must<{ entries: { id: string; role: string }[] }>(
    app,
    owner,
    'GET',
    `/api/project/${ownerThings.project}/conversation`,
  );
  const reply = page.entries.find((entry) => entry.role === 'assistant')!.id;

  const freeTeam = await createTeamWorkspace(app, owner, member, `Gratis ${MARKERS.team}`, admin);
  const fullTeam = await createTeamWorkspace(app, owner, member, `Lleno ${MARKERS.team}`, admin);
  await changeWorkspacePlan(app.db, { workspaceId: fullTeam, plan: 'pro_monthly' });
  for (let i = 0; i < 2; i++) await addMember(app, fullTeam, (await createUser(app)).id);
  const checkoutOfFreeTeam = await startCheckout(app, owner, freeTeam);

  const outsiders = outsider.workspaceId;
  await must(app, outsider, 'PATCH', `/api/workspace/rename/${outsiders}`, {
    name: `Ajeno ${MARKERS.outsider}`,
  });
  const outsiderThings = await makeThings(app, outsiders, outsider, MARKERS.outsider);
  await must(app, outsider, 'POST', '/api/chat/send-request-stream', {
    workspaceId: outsiders,
    projectId: outsiderThings.project,
    message: 'Escribe un eslogan para una librería',
  });
  const outsiderPage = await must<{ entries: { id: string; role: string }[] }>(
    app,
    outsider,
    'GET',
    `/api/project/${outsiderThings.project}/conversation`,
  );
  const outsiderReply = outsiderPage.entries.find((entry) => entry.role === 'assistant')!.id;
  const outsiderCheckout = await startCheckout(app, outsider, outsiders);

  const library = await must<{ prompts: { id: string; custom: boolean }[] }[]>(
    app,
    owner,
    'GET',
    `/api/prompt/by-workspace/${team}`,
  );
  const builtInPrompt = library.flatMap((group) => group.prompts).find((prompt) => !prompt.custom)?.id;
  if (!builtInPrompt) throw new Error('the prompt library has no built-in prompt');

  return {
    app,
    owner,
    member,
    admin,
    outsider,
    team,
    freeTeam,
    fullTeam,
    outsiders,
    ownerThings,
    memberThings,
    outsiderThings,
    outsiderReply,
    outsiderCheckout,
    ownerPrivate,
    memberPrivate,
    ownerInvitation,
    memberInvitation,
    linkInvitation,
    reply,
    checkoutOfFreeTeam,
    builtInPrompt,
  };
}

export type TeamFixtures = Awaited<ReturnType<typeof createTeamFixtures>>;

/** A private project made through the route, named `name`. */
export async function createProject(app: App, creator: TestUser, workspaceId: string, name: string) {
  return (await must(app, creator, 'POST', `/api/workspace/${workspaceId}/project`, { name })).id;
}

/** A project shared with the workspace. */
export async function createSharedProject(app: App, creator: TestUser, workspaceId: string, name: string) {
  const id = await createProject(app, creator, workspaceId, name);
  await must(app, creator, 'PATCH', `/api/project/${id}/share-to-workspace`);
  return id;
}

/**
 * A shared project, a folder, a brand voice, a custom prompt and a template of `creator`, each new and
 * named with `marker`.
 */
export async function makeThings(
  app: App,
  workspaceId: string,
  creator: TestUser,
  marker: string = MARKERS.team,
) {
  const label = `${creator.id.slice(0, 4)} ${unique()} ${marker}`;
  const project = await createSharedProject(app, creator, workspaceId, `Proyecto ${label}`);
  const folder = await makeThing(app, workspaceId, creator, 'folder', marker);
  const voice = await makeThing(app, workspaceId, creator, 'voice', marker);
  const prompt = await makeThing(app, workspaceId, creator, 'prompt', marker);
  const template = await makeTemplate(app, workspaceId, creator, marker);
  return { project, folder, voice, prompt, template };
}

/** One new folder, brand voice or custom prompt of `creator`, named with `marker` (each list has a cap). */
export async function makeThing(
  app: App,
  workspaceId: string,
  creator: TestUser,
  kind: 'folder' | 'voice' | 'prompt',
  marker: string = MARKERS.team,
): Promise<string> {
  const label = `${creator.id.slice(0, 4)} ${unique()} ${marker}`;
  const made =
    kind === 'folder'
      ? await must(app, creator, 'POST', '/api/folder', { workspaceId, name: `Carpeta ${label}` })
      : kind === 'voice'
        ? await must(app, creator, 'POST', `/api/brand-voice/workspace/${workspaceId}`, {
            name: `Voz ${label}`,
            voice: `Cercana ${marker}`,
          })
        : await must(app, creator, 'POST', '/api/prompt/custom', {
            workspaceId,
            language: 'es',
            name: `Prompt ${label}`,
            text: `Escribe como ${marker}`,
          });
  return made.id;
}

/** A new template of `creator`, named with `marker`. */
export async function makeTemplate(
  app: App,
  workspaceId: string,
  creator: TestUser,
  marker: string = MARKERS.team,
): Promise<string> {
  const created = await must<{ id: string }>(
    app,
    creator,
    'POST',
    `/api/workspace/${workspaceId}/templates`,
    {
      name: `Plantilla ${creator.id.slice(0, 4)} ${unique()} ${marker}`,
      language: 'es',
      prompt: `Escribe como ${marker} sobre {{tema}}`,
      fields: [{ key: 'tema', label: 'Tema', type: 'text', required: true }],
    },
  );
  return created.id;
}

/** A new pending invitation sent by `inviter` to a new address: its id and the token mailed. */
export async function invite(app: App, inviter: TestUser, workspaceId: string, email = freshEmail()) {
  const sent = await must<{ invitation: { id: string } }>(
    app,
    inviter,
    'POST',
    `/api/workspace/${workspaceId}/invite`,
    {
      email,
    },
  );
  const mail = app.mailer.recent().find((m) => m.to === email);
  const token = mail?.text.match(/token=((?:[A-Za-z0-9_-]{22})?[A-Za-z0-9_-]{43})/)?.[1];
  if (!token) throw new Error(`no invitation link mailed to ${email}`);
  return { id: sent.invitation.id, token, email };
}

/** Another workspace of `owner` with `member` (and `admin`, when given) in it (free), named `name`. */
export async function createTeamWorkspace(
  app: App,
  owner: TestUser,
  member: TestUser,
  name: string,
  admin?: TestUser,
) {
  const workspace = await createPersonalWorkspace(app.db, { id: owner.id, email: owner.email, locale: 'es' });
  await must(app, owner, 'PATCH', `/api/workspace/rename/${workspace.id}`, { name });
  await app.db.insert(memberships).values({ workspaceId: workspace.id, userId: member.id, role: 'member' });
  if (admin) {
    await app.db.insert(memberships).values({ workspaceId: workspace.id, userId: admin.id, role: 'admin' });
  }
  return workspace.id;
}

/** An open sandbox checkout of Pro for `workspaceId`, started by its owner: the session id. */
export async function startCheckout(app: App, owner: TestUser, workspaceId: string) {
  const { url } = await must<{ url: string }>(app, owner, 'POST', '/api/subscription/create-subscription', {
    lookupKey: 'proYearly',
    workspaceId,
    successUrl: `${app.config.APP_URL}/subscription`,
    cancelUrl: `${app.config.APP_URL}/subscription`,
  });
  return new URL(url, app.config.APP_URL).searchParams.get('session')!;
}
