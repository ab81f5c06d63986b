import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiKeyScope, Plan } from '@redacta/shared';
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import {
  memberships,
  webhookDeliveries,
  webhookEndpoints,
  workspaces,
  workspaceSsoDomains,
} from '../../src/db/schema.ts';
import { seatsForPlan } from '../../src/modules/plans/service.ts';
import { builtInPromptId } from '../../src/modules/prompts/built-ins.ts';
import { builtInTemplateId } from '../../src/modules/templates/built-ins.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createUsers, type TestUser } from '../helpers/factories.ts';
import { injectAnswer } from '../helpers/inject-answer.ts';

/*
 * docs/product.md, "Who may do what", one row per action and one cell per role, each asked through
 * the HTTP API: on a team of its own where the action changes something, on the row's one team where
 * it only reads (teamsOf). The shared thing an action changes (project, folder, voice,
 * prompt, invitation) is made by "member-creator" through the API; "member-other" is another member;
 * "admin" a member the owner made an admin; "outsider" belongs to another workspace. A rule changed
 * in the code or in the table makes a cell fail.
 */

const APP_URL = 'http://localhost:3000';

const roles = ['owner', 'admin', 'member-creator', 'member-other', 'outsider'] as const;
type Role = (typeof roles)[number];

interface Team {
  workspaceId: string;
  owner: TestUser;
  creator: TestUser;
  other: TestUser;
  admin: TestUser;
  /** A third member, whom removal is tried on. */
  teammate: TestUser;
  outsider: TestUser;
}

type Request = Omit<InjectOptions, 'headers'> & { url: string; headers?: Record<string, string> };
/** A status, or a status and the error code its body must carry. */
type Cell = number | [number, string];

/** The scope an API key needs for the action, or `never` for one no key may do. */
type KeyNeeds = ApiKeyScope | 'never';

interface Row {
  action: string;
  key: KeyNeeds;
  /** The team's plan; Enterprise with 10 seats unless said (every invitation row has a seat). */
  plan?: { plan: Plan; enterpriseSeats?: number };
  /** Makes what the action acts on, and answers the ids the request needs. */
  prepare?: (team: Team) => Promise<Record<string, string>>;
  request: (team: Team, ids: Record<string, string>) => Request;
  cells: Record<Role, Cell>;
}

const absent: Cell = [404, 'NOT_FOUND'];
const forbidden: Cell = [403, 'FORBIDDEN'];
const notOwner: Cell = [403, 'NOT_WORKSPACE_OWNER'];
const notInviter: Cell = [403, 'NOT_INVITER'];
const planRequired: Cell = [403, 'PLAN_REQUIRED'];
const seatsExhausted: Cell = [409, 'SEATS_EXHAUSTED'];
const everyMember = (status: number): Record<Role, Cell> => ({
  owner: status,
  admin: status,
  'member-creator': status,
  'member-other': status,
  outsider: absent,
});
const creatorOrOwner = (status: number): Record<Role, Cell> => ({
  owner: status,
  admin: status,
  'member-creator': status,
  'member-other': forbidden,
  outsider: absent,
});
/** Billing, the workspace's export and deletion, roles: the owner's alone. */
const ownerOnly = (status: number, refused: Cell = notOwner): Record<Role, Cell> => ({
  owner: status,
  admin: refused,
  'member-creator': refused,
  'member-other': refused,
  outsider: absent,
});
/** The workspace's people and governance: the owner's and the admins'. */
const managers = (status: number, refused: Cell = notOwner): Record<Role, Cell> => ({
  owner: status,
  admin: status,
  'member-creator': refused,
  'member-other': refused,
  outsider: absent,
});

let t: TestApp;

async function call(user: TestUser, request: Request) {
  return injectAnswer(t.app, { ...request, headers: { ...request.headers, ...user.auth } } as InjectOptions);
}

/** Calls that prepare a cell must succeed; the message names the one that did not. */
async function made(user: TestUser, request: Request): Promise<Record<string, string>> {
  const res = await call(user, request);
  expect(res.statusCode, `${request.method} ${request.url}: ${res.body}`).toBeLessThan(300);
  return res.body ? res.json() : {};
}

const sharedProject = async (team: Team) => {
  const { id } = await made(team.creator, {
    method: 'POST',
    url: `/api/workspace/${team.workspaceId}/project`,
  });
  await made(team.creator, { method: 'PATCH', url: `/api/project/${id}/share-to-workspace` });
  return { projectId: id! };
};
const privateProject = async (team: Team) => {
  const { id } = await made(team.creator, {
    method: 'POST',
    url: `/api/workspace/${team.workspaceId}/project`,
  });
  return { projectId: id! };
};
/** A shared project with a version its creator saved. */
const sharedVersion = async (team: Team) => {
  const { projectId } = await sharedProject(team);
  const { id } = await made(team.creator, {
    method: 'POST',
    url: `/api/project/${projectId}/document/versions`,
  });
  return { projectId, versionId: id! };
};
/** The creator asks in the project and the demo writer answers: the saved reply's id. */
async function replyIn(team: Team, projectId: string): Promise<string> {
  const res = await call(team.creator, {
    method: 'POST',
    url: '/api/chat/send-request-stream',
    payload: { workspaceId: team.workspaceId, projectId, message: 'Un eslogan' },
  });
  const finish = res.body
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { type: string; messageId?: string })
    .find((part) => part.type === 'finish');
  expect(finish?.messageId, res.body.slice(0, 300)).toBeDefined();
  return finish!.messageId!;
}
const sharedReply = async (team: Team) => {
  const { projectId } = await sharedProject(team);
  return { projectId, replyId: await replyIn(team, projectId) };
};
const privateReply = async (team: Team) => {
  const { projectId } = await privateProject(team);
  return { projectId, replyId: await replyIn(team, projectId) };
};
const folder = async (team: Team) => {
  const { id } = await made(team.creator, {
    method: 'POST',
    url: '/api/folder',
    payload: { workspaceId: team.workspaceId, name: `Carpeta ${Math.random()}` },
  });
  return { folderId: id! };
};
const voice = async (team: Team) => {
  const { id } = await made(team.creator, {
    method: 'POST',
    url: `/api/brand-voice/workspace/${team.workspaceId}`,
    payload: { name: 'Cercana', voice: 'Frases cortas, tuteo, sin tecnicismos.' },
  });
  return { voiceId: id! };
};
const customPrompt = async (team: Team) => {
  const { id } = await made(team.creator, {
    method: 'POST',
    url: '/api/prompt/custom',
    payload: { workspaceId: team.workspaceId, language: 'es', name: 'Titular', text: 'Escribe un titular' },
  });
  return { promptId: id! };
};
const templateBody = {
  name: 'Titulares',
  language: 'es',
  prompt: 'Escribe tres titulares para {{producto}}',
  fields: [{ key: 'producto', label: 'Producto', type: 'text', required: true }],
};
const template = async (team: Team) => {
  const { id } = await made(team.creator, {
    method: 'POST',
    url: `/api/workspace/${team.workspaceId}/templates`,
    payload: templateBody,
  });
  return { templateId: id! };
};
/** `POST /workspace/{id}/batches` with a spreadsheet of two rows for the template, as multipart. */
const batchUpload = (team: Team, templateId: string): Request => {
  const boundary = 'redacta-permission-table';
  const part = (head: string, body: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; ${head}\r\n\r\n${body}\r\n`;
  return {
    method: 'POST',
    url: `/api/workspace/${team.workspaceId}/batches`,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload:
      part('name="templateId"', templateId) +
      part(
        'name="file"; filename="productos.csv"\r\nContent-Type: text/csv',
        'Producto\nZapatillas\nMochila\n',
      ) +
      `--${boundary}--\r\n`,
  };
};
const batch = async (team: Team) => {
  const { templateId } = await template(team);
  const { id } = await made(team.creator, batchUpload(team, templateId!));
  return { batchId: id! };
};
const runningBatch = async (team: Team) => {
  const { batchId } = await batch(team);
  await made(team.creator, { method: 'POST', url: `/api/batch/${batchId}/start` });
  return { batchId: batchId! };
};
const invitation = async (team: Team) => {
  const { invitation: sent } = (await made(team.creator, {
    method: 'POST',
    url: `/api/workspace/${team.workspaceId}/invite`,
    payload: { email: `invitada-${Math.random().toString(36).slice(2)}@example.com` },
  })) as unknown as { invitation: { id: string } };
  return { invitationId: sent.id };
};
const sandboxSubscription = async (team: Team) => {
  const { url } = await made(team.owner, {
    method: 'POST',
    url: '/api/subscription/create-subscription',
    payload: checkout(team),
  });
  const session = new URL(url!, APP_URL).searchParams.get('session')!;
  await made(team.owner, { method: 'POST', url: `/api/subscription/sandbox/${session}/confirm` });
  return {};
};
const cancelledSubscription = async (team: Team) => {
  await sandboxSubscription(team);
  return made(team.owner, {
    method: 'DELETE',
    url: '/api/subscription/cancel-subscription',
    payload: { workspaceId: team.workspaceId },
  }).then(() => ({}));
};
const checkout = (team: Team) => ({
  lookupKey: 'proMonthly',
  workspaceId: team.workspaceId,
  successUrl: `${APP_URL}/projects`,
  cancelUrl: `${APP_URL}/subscription`,
});
const ownersKey = async (team: Team) => {
  const { id } = await made(team.owner, {
    method: 'POST',
    url: `/api/workspace/${team.workspaceId}/api-keys`,
    payload: { name: 'Integración', scopes: ['read'] },
  });
  return { keyId: id! };
};
const ownersScimToken = async (team: Team) => {
  await made(team.owner, { method: 'POST', url: `/api/workspace/${team.workspaceId}/scim/token` });
  return {};
};
/** A public address literal: accepted at create without DNS; no event of these teams is sent to it. */
const WEBHOOK_URL = 'https://93.184.215.14/hooks';
const ownersWebhook = async (team: Team) => {
  const { id } = await made(team.owner, {
    method: 'POST',
    url: `/api/workspace/${team.workspaceId}/webhooks`,
    payload: { url: WEBHOOK_URL, events: ['subscription.changed'] },
  });
  return { webhookId: id! };
};
/**
 * A delivery of the owner's endpoint, written as an event would: its endpoint points at loopback,
 * which this app's outbound guard refuses, so a redelivery is logged and never leaves the machine.
 */
const ownersDelivery = async (team: Team) => {
  const [endpoint] = await t.app.db
    .insert(webhookEndpoints)
    .values({
      workspaceId: team.workspaceId,
      url: 'https://127.0.0.1:9/hooks',
      events: ['member.removed'],
      secret: 'whsec_AAAA',
    })
    .returning({ id: webhookEndpoints.id });
  const [delivery] = await t.app.db
    .insert(webhookDeliveries)
    .values({ endpointId: endpoint!.id, eventId: 'msg_permission', event: 'member.removed', payload: {} })
    .returning({ id: webhookDeliveries.id });
  return { deliveryId: delivery!.id };
};
/** A domain the owner claimed for single sign-on (a new name per team: a verified one is one workspace's). */
const ownersDomain = async (team: Team) => {
  const domain = `sso-${randomUUID().slice(0, 8)}.example`;
  await made(team.owner, {
    method: 'POST',
    url: `/api/workspace/${team.workspaceId}/sso/domains`,
    payload: { domain },
  });
  return { domain };
};
/** The same, verified as a found TXT record would: verifying it again answers it without a DNS lookup. */
const ownersVerifiedDomain = async (team: Team) => {
  const { domain } = await ownersDomain(team);
  await t.app.db
    .update(workspaceSsoDomains)
    .set({ verifiedAt: new Date() })
    .where(
      and(eq(workspaceSsoDomains.workspaceId, team.workspaceId), eq(workspaceSsoDomains.domain, domain)),
    );
  return { domain };
};
/** An issuer on this machine, which the app's outbound guard refuses: discovery fails without leaving it. */
const UNREACHABLE_ISSUER = 'https://127.0.0.1:9';
/** The owner's second workspace: the first may then be deleted (the only one an owner has may not). */
const anotherWorkspaceOfTheOwner = async (team: Team) => {
  const [workspace] = await t.app.db
    .insert(workspaces)
    .values({ name: 'Otro espacio', ownerId: team.owner.id })
    .returning({ id: workspaces.id });
  await t.app.db
    .insert(memberships)
    .values({ workspaceId: workspace!.id, userId: team.owner.id, role: 'owner' });
  return {};
};
const emptyDocument = {
  content: { type: 'doc', content: [{ type: 'paragraph' }] },
  // Based on a time after any change: the save applies, whatever the document's own time.
  updatedAt: '2100-01-01T00:00:00.000Z',
};
const free = { plan: 'free' as const };

// prettier-ignore
const table: Row[] = [
  // Everyone in the workspace sees it.
  { action: 'see the workspace usage', key: 'read', request: (team) => ({ method: 'GET', url: `/api/workspace/${team.workspaceId}/usage` }), cells: everyMember(200) },
  { action: 'see the member list', key: 'read', request: (team) => ({ method: 'GET', url: `/api/workspace/${team.workspaceId}/members` }), cells: everyMember(200) },
  { action: 'see the pending invitations', key: 'read', prepare: invitation, request: (team) => ({ method: 'GET', url: `/api/workspace/${team.workspaceId}/pending-invitations` }), cells: everyMember(200) },
  { action: 'see the workspace storage', key: 'read', request: (team) => ({ method: 'GET', url: `/api/workspace/${team.workspaceId}/storage` }), cells: everyMember(200) },
  { action: 'see the subscription', key: 'never', request: (team) => ({ method: 'GET', url: `/api/workspace/${team.workspaceId}/subscription` }), cells: everyMember(200) },

  // Shared projects: everyone uses them; their creator or the owner changes them.
  { action: 'create a project', key: 'write', request: (team) => ({ method: 'POST', url: `/api/workspace/${team.workspaceId}/project` }), cells: everyMember(201) },
  { action: 'open a shared project', key: 'read', prepare: sharedProject, request: (_, ids) => ({ method: 'GET', url: `/api/project/${ids.projectId}` }), cells: everyMember(200) },
  { action: 'edit a shared project’s document', key: 'write', prepare: sharedProject, request: (_, ids) => ({ method: 'PATCH', url: `/api/project/${ids.projectId}/document`, payload: emptyDocument }), cells: everyMember(200) },
  { action: 'list the versions of a shared project’s document', key: 'read', prepare: sharedProject, request: (_, ids) => ({ method: 'GET', url: `/api/project/${ids.projectId}/document/versions` }), cells: everyMember(200) },
  { action: 'save a version of a shared project’s document', key: 'write', prepare: sharedProject, request: (_, ids) => ({ method: 'POST', url: `/api/project/${ids.projectId}/document/versions`, payload: { name: 'Aprobada' } }), cells: everyMember(201) },
  { action: 'open a version of a shared project’s document', key: 'read', prepare: sharedVersion, request: (_, ids) => ({ method: 'GET', url: `/api/project/${ids.projectId}/document/versions/${ids.versionId}` }), cells: everyMember(200) },
  { action: 'restore a version of a shared project’s document', key: 'write', prepare: sharedVersion, request: (_, ids) => ({ method: 'POST', url: `/api/project/${ids.projectId}/document/versions/${ids.versionId}/restore` }), cells: everyMember(200) },
  { action: 'list the versions of a private project’s document', key: 'read', prepare: privateProject, request: (_, ids) => ({ method: 'GET', url: `/api/project/${ids.projectId}/document/versions` }), cells: { owner: absent, admin: absent, 'member-creator': 200, 'member-other': absent, outsider: absent } },
  { action: 'follow a shared project’s conversation as it happens', key: 'read', prepare: sharedProject, request: (_, ids) => ({ method: 'GET', url: `/api/project/${ids.projectId}/conversation/live` }), cells: everyMember(200) },
  { action: 'stop one’s own replies in a shared project', key: 'write', prepare: sharedProject, request: (_, ids) => ({ method: 'POST', url: `/api/project/${ids.projectId}/conversation/stop`, payload: {} }), cells: everyMember(204) },
  { action: 'save the style fixes of a reply in a shared project', key: 'write', prepare: sharedReply, request: (_, ids) => ({ method: 'PATCH', url: `/api/project/${ids.projectId}/conversation/entry/${ids.replyId}`, payload: { content: 'Un eslogan corregido.', ignoredFindings: [] } }), cells: everyMember(200) },
  { action: 'save the style fixes of a reply in a private project', key: 'write', prepare: privateReply, request: (_, ids) => ({ method: 'PATCH', url: `/api/project/${ids.projectId}/conversation/entry/${ids.replyId}`, payload: { content: 'Un eslogan corregido.' } }), cells: { owner: absent, admin: absent, 'member-creator': 200, 'member-other': absent, outsider: absent } },
  { action: 'chat in a shared project with a brand voice', key: 'generate', prepare: async (team) => ({ ...(await sharedProject(team)), ...(await voice(team)) }), request: (team, ids) => ({ method: 'POST', url: '/api/chat/send-request-stream', payload: { workspaceId: team.workspaceId, projectId: ids.projectId, brandVoiceId: ids.voiceId, message: 'Un eslogan' } }), cells: everyMember(200) },
  { action: 'transform a selection of a shared project’s document in a brand voice', key: 'generate', prepare: async (team) => ({ ...(await sharedProject(team)), ...(await voice(team)) }), request: (team, ids) => ({ method: 'POST', url: '/api/document/transform', payload: { workspaceId: team.workspaceId, projectId: ids.projectId, brandVoiceId: ids.voiceId, action: 'shorten', text: 'Un texto que acortar un poco' } }), cells: everyMember(200) },
  { action: 'transform a selection of a private project’s document', key: 'generate', prepare: privateProject, request: (team, ids) => ({ method: 'POST', url: '/api/document/transform', payload: { workspaceId: team.workspaceId, projectId: ids.projectId, action: 'correct', text: 'tambien' } }), cells: { owner: absent, admin: absent, 'member-creator': 200, 'member-other': absent, outsider: absent } },
  { action: 'generate copy for a program in a brand voice', key: 'generate', prepare: voice, request: (team, ids) => ({ method: 'POST', url: `/api/workspace/${team.workspaceId}/generate`, payload: { prompt: 'Un eslogan', brandVoiceId: ids.voiceId } }), cells: everyMember(200) },
  { action: 'open a private project', key: 'read', prepare: privateProject, request: (_, ids) => ({ method: 'GET', url: `/api/project/${ids.projectId}` }), cells: { owner: absent, admin: absent, 'member-creator': 200, 'member-other': absent, outsider: absent } },
  { action: 'rename a shared project', key: 'write', prepare: sharedProject, request: (_, ids) => ({ method: 'PATCH', url: `/api/project/rename/${ids.projectId}`, payload: { name: 'Nuevo nombre' } }), cells: creatorOrOwner(200) },
  { action: 'move a shared project to a folder', key: 'write', prepare: async (team) => ({ ...(await sharedProject(team)), ...(await folder(team)) }), request: (_, ids) => ({ method: 'PATCH', url: `/api/project/${ids.projectId}/move-to-folder/${ids.folderId}` }), cells: creatorOrOwner(200) },
  { action: 'stop sharing a shared project', key: 'write', prepare: sharedProject, request: (_, ids) => ({ method: 'PATCH', url: `/api/project/${ids.projectId}/share-to-workspace` }), cells: creatorOrOwner(200) },
  { action: 'delete a shared project', key: 'write', prepare: sharedProject, request: (_, ids) => ({ method: 'DELETE', url: `/api/project/${ids.projectId}` }), cells: creatorOrOwner(204) },

  // Folders.
  { action: 'create a folder', key: 'write', request: (team) => ({ method: 'POST', url: '/api/folder', payload: { workspaceId: team.workspaceId, name: 'Campañas' } }), cells: everyMember(201) },
  { action: 'open a folder', key: 'read', prepare: folder, request: (_, ids) => ({ method: 'GET', url: `/api/folder/${ids.folderId}/projects` }), cells: everyMember(200) },
  { action: 'rename a folder', key: 'write', prepare: folder, request: (_, ids) => ({ method: 'PATCH', url: `/api/folder/rename/${ids.folderId}`, payload: { name: 'Otro nombre' } }), cells: creatorOrOwner(200) },
  { action: 'delete a folder', key: 'write', prepare: folder, request: (_, ids) => ({ method: 'DELETE', url: `/api/folder/${ids.folderId}` }), cells: creatorOrOwner(204) },

  // Brand voices.
  { action: 'list the brand voices', key: 'read', prepare: voice, request: (team) => ({ method: 'GET', url: `/api/brand-voice/workspace/${team.workspaceId}` }), cells: everyMember(200) },
  { action: 'open a brand voice whole', key: 'read', prepare: voice, request: (_, ids) => ({ method: 'GET', url: `/api/brand-voice/${ids.voiceId}` }), cells: everyMember(200) },
  { action: 'create a brand voice', key: 'write', request: (team) => ({ method: 'POST', url: `/api/brand-voice/workspace/${team.workspaceId}`, payload: { name: 'Formal', voice: 'Usted, frases largas.' } }), cells: everyMember(201) },
  { action: 'edit a brand voice', key: 'write', prepare: voice, request: (_, ids) => ({ method: 'PATCH', url: `/api/brand-voice/${ids.voiceId}`, payload: { voice: 'Otra forma de escribir.' } }), cells: creatorOrOwner(200) },
  { action: 'make a brand voice the default', key: 'write', prepare: voice, request: (_, ids) => ({ method: 'PATCH', url: `/api/brand-voice/${ids.voiceId}`, payload: { isDefault: true } }), cells: creatorOrOwner(200) },
  { action: 'delete a brand voice', key: 'write', prepare: voice, request: (_, ids) => ({ method: 'DELETE', url: `/api/brand-voice/${ids.voiceId}` }), cells: creatorOrOwner(204) },

  // Style rules: everyone sees and checks with them; the owner edits them.
  { action: 'see the style rules', key: 'read', request: (team) => ({ method: 'GET', url: `/api/workspace/${team.workspaceId}/style-rules` }), cells: everyMember(200) },
  { action: 'check a text against the style rules', key: 'read', request: (team) => ({ method: 'POST', url: `/api/workspace/${team.workspaceId}/style-check`, payload: { text: 'Un mail revolucionario', language: 'es' } }), cells: everyMember(200) },
  { action: 'edit the style rules', key: 'write', request: (team) => ({ method: 'PUT', url: `/api/workspace/${team.workspaceId}/style-rules`, payload: { rules: [{ kind: 'ban', phrase: 'revolucionario' }] } }), cells: managers(200) },

  // Custom prompts.
  { action: 'open the prompt library', key: 'read', prepare: customPrompt, request: (team) => ({ method: 'GET', url: `/api/prompt/by-workspace/${team.workspaceId}?language=es` }), cells: everyMember(200) },
  { action: 'create a custom prompt', key: 'write', request: (team) => ({ method: 'POST', url: '/api/prompt/custom', payload: { workspaceId: team.workspaceId, language: 'es', name: 'Resumen', text: 'Resume el texto' } }), cells: everyMember(201) },
  { action: 'use a custom prompt', key: 'write', prepare: customPrompt, request: (team, ids) => ({ method: 'POST', url: `/api/prompt/${ids.promptId}/use`, payload: { workspaceId: team.workspaceId } }), cells: everyMember(204) },
  { action: 'edit a custom prompt', key: 'write', prepare: customPrompt, request: (_, ids) => ({ method: 'PATCH', url: `/api/prompt/custom/${ids.promptId}`, payload: { name: 'Titular', text: 'Escribe tres titulares' } }), cells: creatorOrOwner(200) },
  { action: 'delete a custom prompt', key: 'write', prepare: customPrompt, request: (_, ids) => ({ method: 'DELETE', url: `/api/prompt/custom/${ids.promptId}` }), cells: creatorOrOwner(204) },
  { action: 'change a built-in prompt', key: 'write', request: () => ({ method: 'PATCH', url: `/api/prompt/custom/${builtInPromptId('es', 'blog-outline')}`, payload: { name: 'Mío', text: 'Texto' } }), cells: { owner: forbidden, admin: forbidden, 'member-creator': forbidden, 'member-other': forbidden, outsider: forbidden } },

  // Templates: the custom prompts' rules.
  { action: 'list the templates', key: 'read', prepare: template, request: (team) => ({ method: 'GET', url: `/api/workspace/${team.workspaceId}/templates?language=es` }), cells: everyMember(200) },
  { action: "open a workspace's template", key: 'read', prepare: template, request: (_, ids) => ({ method: 'GET', url: `/api/template/${ids.templateId}` }), cells: everyMember(200) },
  { action: 'create a template', key: 'write', request: (team) => ({ method: 'POST', url: `/api/workspace/${team.workspaceId}/templates`, payload: templateBody }), cells: everyMember(201) },
  { action: 'edit a template', key: 'write', prepare: template, request: (_, ids) => ({ method: 'PATCH', url: `/api/template/${ids.templateId}`, payload: { name: 'Eslóganes' } }), cells: creatorOrOwner(200) },
  { action: 'delete a template', key: 'write', prepare: template, request: (_, ids) => ({ method: 'DELETE', url: `/api/template/${ids.templateId}` }), cells: creatorOrOwner(204) },
  { action: 'change a built-in template', key: 'write', request: () => ({ method: 'PATCH', url: `/api/template/${builtInTemplateId('es', 'search-ad')}`, payload: { name: 'Mío' } }), cells: { owner: forbidden, admin: forbidden, 'member-creator': forbidden, 'member-other': forbidden, outsider: forbidden } },
  { action: 'make a batch from a spreadsheet', key: 'write', prepare: template, request: (team, ids) => batchUpload(team, ids.templateId!), cells: everyMember(201) },
  { action: "see a batch, its rows and its export", key: 'read', prepare: batch, request: (_, ids) => ({ method: 'GET', url: `/api/batch/${ids.batchId}/rows` }), cells: everyMember(200) },
  { action: 'change and start a draft batch', key: 'generate', prepare: batch, request: (_, ids) => ({ method: 'POST', url: `/api/batch/${ids.batchId}/start` }), cells: everyMember(200) },
  { action: 'cancel a running batch', key: 'write', prepare: runningBatch, request: (_, ids) => ({ method: 'POST', url: `/api/batch/${ids.batchId}/cancel` }), cells: everyMember(200) },
  { action: 'delete a built-in template', key: 'write', request: () => ({ method: 'DELETE', url: `/api/template/${builtInTemplateId('es', 'search-ad')}` }), cells: { owner: forbidden, admin: forbidden, 'member-creator': forbidden, 'member-other': forbidden, outsider: forbidden } },

  // The workspace itself: owner only.
  { action: 'rename the workspace', key: 'write', request: (team) => ({ method: 'PATCH', url: `/api/workspace/rename/${team.workspaceId}`, payload: { name: 'Equipo' } }), cells: managers(200) },
  { action: 'remove a member', key: 'write', request: (team) => ({ method: 'PATCH', url: `/api/workspace/${team.workspaceId}/remove-invited-user/${team.teammate.id}` }), cells: managers(204, [403, 'MEMBER_REMOVAL_FORBIDDEN']) },
  // Usage per member and budgets: everyone sees their own words (the owner everyone's); the owner sets budgets.
  { action: "see the month's words by member and project", key: 'read', request: (team) => ({ method: 'GET', url: `/api/workspace/${team.workspaceId}/usage/breakdown` }), cells: everyMember(200) },
  { action: "export the month's words by member and project", key: 'read', request: (team) => ({ method: 'GET', url: `/api/workspace/${team.workspaceId}/usage/breakdown/export` }), cells: everyMember(200) },
  { action: "set a member's monthly budget", key: 'write', request: (team) => ({ method: 'PUT', url: `/api/workspace/${team.workspaceId}/member/${team.teammate.id}/budget`, payload: { monthlyWords: 5000 } }), cells: managers(200) },
  { action: "set the owner's own monthly budget", key: 'write', request: (team) => ({ method: 'PUT', url: `/api/workspace/${team.workspaceId}/member/${team.owner.id}/budget`, payload: { monthlyWords: 5000 } }), cells: ownerOnly(200) },
  { action: "set an admin's monthly budget (the admin's own included)", key: 'write', request: (team) => ({ method: 'PUT', url: `/api/workspace/${team.workspaceId}/member/${team.admin.id}/budget`, payload: { monthlyWords: 5000 } }), cells: ownerOnly(200) },
  // Roles: the owner's to give and take, never their own, and no key's.
  { action: 'make a member an admin', key: 'never', request: (team) => ({ method: 'PUT', url: `/api/workspace/${team.workspaceId}/member/${team.teammate.id}/role`, payload: { role: 'admin' } }), cells: ownerOnly(200) },
  { action: 'make an admin a member again', key: 'never', request: (team) => ({ method: 'PUT', url: `/api/workspace/${team.workspaceId}/member/${team.admin.id}/role`, payload: { role: 'member' } }), cells: ownerOnly(200) },
  { action: "change the owner's role", key: 'never', request: (team) => ({ method: 'PUT', url: `/api/workspace/${team.workspaceId}/member/${team.owner.id}/role`, payload: { role: 'admin' } }), cells: { ...ownerOnly(409), owner: [409, 'OWNER_ROLE_FIXED'] } },
  { action: 'remove an admin', key: 'write', request: (team) => ({ method: 'PATCH', url: `/api/workspace/${team.workspaceId}/remove-invited-user/${team.admin.id}` }), cells: ownerOnly(204, [403, 'MEMBER_REMOVAL_FORBIDDEN']) },
  { action: 'leave the workspace', key: 'never', request: (team) => ({ method: 'POST', url: `/api/workspace/${team.workspaceId}/leave` }), cells: { owner: [409, 'OWNER_CANNOT_LEAVE'], admin: 204, 'member-creator': 204, 'member-other': 204, outsider: absent } },

  // Invitations: anyone in a paid workspace while seats are left; the inviter or the owner manages one.
  { action: 'invite someone (seats left)', key: 'write', request: (team) => ({ method: 'POST', url: `/api/workspace/${team.workspaceId}/invite`, payload: { email: `nueva-${randomUUID().slice(0, 8)}@example.com` } }), cells: everyMember(201) },
  { action: 'invite someone on the free plan', key: 'write', plan: free, request: (team) => ({ method: 'POST', url: `/api/workspace/${team.workspaceId}/invite`, payload: { email: `nueva-${randomUUID().slice(0, 8)}@example.com` } }), cells: { owner: planRequired, admin: planRequired, 'member-creator': planRequired, 'member-other': planRequired, outsider: absent } },
  { action: 'invite someone with every seat taken', key: 'write', plan: { plan: 'enterprise', enterpriseSeats: 3 }, request: (team) => ({ method: 'POST', url: `/api/workspace/${team.workspaceId}/invite`, payload: { email: `nueva-${randomUUID().slice(0, 8)}@example.com` } }), cells: { owner: seatsExhausted, admin: seatsExhausted, 'member-creator': seatsExhausted, 'member-other': seatsExhausted, outsider: absent } },
  { action: 'resend an invitation', key: 'write', prepare: invitation, request: (_, ids) => ({ method: 'POST', url: `/api/invitation-to-workspace/${ids.invitationId}/resend` }), cells: { owner: 200, admin: 200, 'member-creator': 200, 'member-other': notInviter, outsider: absent } },
  { action: 'revoke an invitation', key: 'write', prepare: invitation, request: (_, ids) => ({ method: 'DELETE', url: `/api/invitation-to-workspace/${ids.invitationId}/revoke` }), cells: { owner: 204, admin: 204, 'member-creator': 204, 'member-other': notInviter, outsider: absent } },

  // The subscription: owner only.
  { action: 'subscribe to Pro', key: 'never', plan: free, request: (team) => ({ method: 'POST', url: '/api/subscription/create-subscription', payload: checkout(team) }), cells: ownerOnly(200) },
  { action: 'buy seats', key: 'never', plan: free, prepare: sandboxSubscription, request: (team) => ({ method: 'POST', url: `/api/workspace/${team.workspaceId}/buy-additional-seat`, payload: { numberOfSeats: 2 } }), cells: ownerOnly(200) },
  { action: 'cancel the subscription', key: 'never', plan: free, prepare: sandboxSubscription, request: (team) => ({ method: 'DELETE', url: '/api/subscription/cancel-subscription', payload: { workspaceId: team.workspaceId } }), cells: ownerOnly(200) },
  { action: 'resume a cancelled subscription', key: 'never', plan: free, prepare: cancelledSubscription, request: (team) => ({ method: 'POST', url: '/api/subscription/resume', payload: { workspaceId: team.workspaceId } }), cells: ownerOnly(200) },
  { action: 'switch the subscription to yearly', key: 'never', plan: free, prepare: sandboxSubscription, request: (team) => ({ method: 'POST', url: '/api/subscription/upgrade-to-yearly', payload: { workspaceId: team.workspaceId } }), cells: ownerOnly(200) },
  { action: 'take the retention offer', key: 'never', plan: free, prepare: sandboxSubscription, request: (team) => ({ method: 'PATCH', url: '/api/subscription/request-unsubscription-discount', payload: { workspaceId: team.workspaceId } }), cells: ownerOnly(200) },
  { action: 'open the billing portal', key: 'never', plan: free, prepare: sandboxSubscription, request: (team) => ({ method: 'POST', url: '/api/subscription/create-portal-session', payload: { workspaceId: team.workspaceId } }), cells: ownerOnly(200) },

  // The premium model: any member, on paid plans.
  { action: 'turn the premium model on', key: 'write', request: (team) => ({ method: 'PATCH', url: '/api/workspace/gpt-4/enable', payload: { workspaceId: team.workspaceId } }), cells: everyMember(200) },
  // The GDPR rights (docs/product.md, "Your data"): a person's own data is theirs, whatever their role; a workspace is its owner's to delete.
  { action: 'download one’s own data', key: 'never', request: () => ({ method: 'GET', url: '/api/user/export' }), cells: { owner: 200, admin: 200, 'member-creator': 200, 'member-other': 200, outsider: 200 } },
  { action: 'see what deleting one’s account would decide', key: 'never', request: () => ({ method: 'GET', url: '/api/user/deletion' }), cells: { owner: 200, admin: 200, 'member-creator': 200, 'member-other': 200, outsider: 200 } },
  { action: 'ask for the code that deletes one’s account', key: 'never', request: () => ({ method: 'POST', url: '/api/user/deletion-code' }), cells: { owner: 204, admin: 204, 'member-creator': 204, 'member-other': 204, outsider: 204 } },
  { action: 'delete one’s account (a wrong code; the owner has not decided on the workspace)', key: 'never', request: () => ({ method: 'DELETE', url: '/api/user', payload: { code: '000000' } }), cells: { owner: [409, 'OWNED_WORKSPACES_UNDECIDED'], admin: [400, 'CODE_INVALID'], 'member-creator': [400, 'CODE_INVALID'], 'member-other': [400, 'CODE_INVALID'], outsider: [400, 'CODE_INVALID'] } },
  { action: 'export the workspace', key: 'never', request: (team) => ({ method: 'POST', url: `/api/workspace/${team.workspaceId}/export` }), cells: ownerOnly(202) },
  { action: 'see the workspace’s latest export', key: 'never', request: (team) => ({ method: 'GET', url: `/api/workspace/${team.workspaceId}/export` }), cells: ownerOnly(200) },
  { action: 'delete the workspace', key: 'never', prepare: anotherWorkspaceOfTheOwner, request: (team) => ({ method: 'DELETE', url: `/api/workspace/${team.workspaceId}`, payload: { name: 'Mi espacio de trabajo' } }), cells: ownerOnly(204) },
  // API keys: the owner's to manage, and no key's.
  { action: 'see the API keys', key: 'never', request: (team) => ({ method: 'GET', url: `/api/workspace/${team.workspaceId}/api-keys` }), cells: managers(200) },
  { action: 'make an API key', key: 'never', request: (team) => ({ method: 'POST', url: `/api/workspace/${team.workspaceId}/api-keys`, payload: { name: 'Tienda', scopes: ['read'] } }), cells: managers(201) },
  { action: 'revoke an API key', key: 'never', prepare: ownersKey, request: (_, ids) => ({ method: 'DELETE', url: `/api/api-key/${ids.keyId}` }), cells: managers(204) },
  // Webhooks: the owner's to manage, and no key's.
  { action: 'see the webhooks', key: 'never', request: (team) => ({ method: 'GET', url: `/api/workspace/${team.workspaceId}/webhooks` }), cells: managers(200) },
  { action: 'add a webhook', key: 'never', request: (team) => ({ method: 'POST', url: `/api/workspace/${team.workspaceId}/webhooks`, payload: { url: WEBHOOK_URL, events: ['subscription.changed'] } }), cells: managers(201) },
  { action: 'change or turn off a webhook', key: 'never', prepare: ownersWebhook, request: (_, ids) => ({ method: 'PATCH', url: `/api/webhook/${ids.webhookId}`, payload: { enabled: false } }), cells: managers(200) },
  { action: "rotate a webhook's secret", key: 'never', prepare: ownersWebhook, request: (_, ids) => ({ method: 'POST', url: `/api/webhook/${ids.webhookId}/rotate-secret` }), cells: managers(200) },
  { action: "see a webhook's delivery log", key: 'never', prepare: ownersWebhook, request: (_, ids) => ({ method: 'GET', url: `/api/webhook/${ids.webhookId}/deliveries` }), cells: managers(200) },
  { action: 'redeliver a webhook delivery', key: 'never', prepare: ownersDelivery, request: (_, ids) => ({ method: 'POST', url: `/api/webhook-delivery/${ids.deliveryId}/redeliver` }), cells: managers(202) },
  { action: 'see the audit log', key: 'never', request: (team) => ({ method: 'GET', url: `/api/workspace/${team.workspaceId}/audit` }), cells: managers(200) },
  { action: 'export the audit log', key: 'never', request: (team) => ({ method: 'GET', url: `/api/workspace/${team.workspaceId}/audit/export` }), cells: managers(200) },
  { action: 'delete a webhook', key: 'never', prepare: ownersWebhook, request: (_, ids) => ({ method: 'DELETE', url: `/api/webhook/${ids.webhookId}` }), cells: managers(204) },
  { action: 'see the single sign-on settings', key: 'never', request: (team) => ({ method: 'GET', url: `/api/workspace/${team.workspaceId}/sso` }), cells: managers(200) },
  { action: 'see the single sign-on settings, on the free plan', key: 'never', plan: free, request: (team) => ({ method: 'GET', url: `/api/workspace/${team.workspaceId}/sso` }), cells: { owner: planRequired, admin: planRequired, 'member-creator': notOwner, 'member-other': notOwner, outsider: absent } },
  { action: 'save the single sign-on provider', key: 'never', request: (team) => ({ method: 'PUT', url: `/api/workspace/${team.workspaceId}/sso`, payload: { issuer: UNREACHABLE_ISSUER, clientId: 'redacta', clientSecret: 'secret', enforced: false } }), cells: { owner: [400, 'SSO_DISCOVERY_FAILED'], admin: [400, 'SSO_DISCOVERY_FAILED'], 'member-creator': notOwner, 'member-other': notOwner, outsider: absent } },
  { action: 'claim a single sign-on domain', key: 'never', request: (team) => ({ method: 'POST', url: `/api/workspace/${team.workspaceId}/sso/domains`, payload: { domain: `sso-${randomUUID().slice(0, 8)}.example` } }), cells: managers(201) },
  { action: 'verify a single sign-on domain', key: 'never', prepare: ownersVerifiedDomain, request: (team, ids) => ({ method: 'POST', url: `/api/workspace/${team.workspaceId}/sso/domains/${ids.domain}/verify` }), cells: managers(200) },
  { action: 'release a single sign-on domain', key: 'never', prepare: ownersDomain, request: (team, ids) => ({ method: 'DELETE', url: `/api/workspace/${team.workspaceId}/sso/domains/${ids.domain}` }), cells: managers(204) },
  // SCIM: the owner's to set up, on Enterprise only, and no key's.
  { action: 'see the SCIM settings', key: 'never', request: (team) => ({ method: 'GET', url: `/api/workspace/${team.workspaceId}/scim` }), cells: managers(200) },
  { action: 'make or rotate the SCIM token', key: 'never', request: (team) => ({ method: 'POST', url: `/api/workspace/${team.workspaceId}/scim/token` }), cells: managers(201) },
  { action: 'make the SCIM token, on a Pro plan', key: 'never', plan: { plan: 'pro_monthly' }, request: (team) => ({ method: 'POST', url: `/api/workspace/${team.workspaceId}/scim/token` }), cells: { owner: planRequired, admin: planRequired, 'member-creator': notOwner, 'member-other': notOwner, outsider: absent } },
  { action: 'name the SCIM groups that grant admin', key: 'never', request: (team) => ({ method: 'PUT', url: `/api/workspace/${team.workspaceId}/scim/admin-groups`, payload: { adminGroups: ['Redacta Admins'] } }), cells: managers(200) },
  { action: 'revoke the SCIM token', key: 'never', prepare: ownersScimToken, request: (team) => ({ method: 'DELETE', url: `/api/workspace/${team.workspaceId}/scim/token` }), cells: managers(204) },
  { action: 'turn the premium model on, on the free plan', key: 'write', plan: free, request: (team) => ({ method: 'PATCH', url: '/api/workspace/gpt-4/enable', payload: { workspaceId: team.workspaceId } }), cells: { owner: planRequired, admin: planRequired, 'member-creator': planRequired, 'member-other': planRequired, outsider: absent } },
];

beforeAll(async () => {
  t = await createTestApp({ APP_URL });
});
afterAll(() => t.app.close());

/**
 * A new team on the row's plan, in a few statements: its six people made in one transaction, the
 * members added in one, the plan and its seats (seatsForPlan) set in one, as on a new workspace
 * changeWorkspacePlan sets them.
 */
async function createTeam(row: Row): Promise<Team> {
  const [owner, creator, other, teammate, admin, outsider] = await createUsers(t.app, Array(6).fill({}));
  const workspaceId = owner!.workspaceId;
  await t.app.db.insert(memberships).values([
    ...[creator!, other!, teammate!].map((member) => ({
      workspaceId,
      userId: member.id,
      role: 'member' as const,
    })),
    { workspaceId, userId: admin!.id, role: 'admin' as const },
  ]);
  const { plan, ...seats } = row.plan ?? { plan: 'enterprise', enterpriseSeats: 10 };
  if (plan !== 'free') {
    await t.app.db
      .update(workspaces)
      .set({ plan, userSeats: seatsForPlan(plan, seats) })
      .where(eq(workspaces.id, workspaceId));
  }
  return {
    workspaceId,
    owner: owner!,
    creator: creator!,
    other: other!,
    admin: admin!,
    teammate: teammate!,
    outsider: outsider!,
  };
}

interface Prepared<T> {
  team: Team;
  ids: Record<string, string>;
  /** What the cell made in the team before the action's things (its keys). */
  made: T;
}

type Before<T> = (team: Team) => Promise<T>;

/**
 * The teams of a row's cells. An action that changes something gets a new team in every cell, so that
 * no cell sees what another changed; one that only reads (a GET) is asked of one team by every cell of
 * the row, since no cell's asking changes what the next one reads. `before` runs in the team before
 * the action's things are made (a running batch ends by itself: it may not wait for the keys).
 */
function teamsOf(row: Row) {
  let first: Promise<Prepared<unknown>> | undefined;
  const fresh = async <T>(before: Before<T>): Promise<Prepared<T>> => {
    const team = await createTeam(row);
    const made = await before(team);
    return { team, made, ids: (await row.prepare?.(team)) ?? {} };
  };
  return async <T = undefined>(before: Before<T> = async () => undefined as T): Promise<Prepared<T>> => {
    if (!first) {
      const own = fresh(before);
      first = own;
      return own;
    }
    const shared = await first;
    if (row.request(shared.team, shared.ids).method !== 'GET') return fresh(before);
    return { ...shared, made: await before(shared.team) };
  };
}

const actorOf = (team: Team, role: Role): TestUser =>
  ({
    owner: team.owner,
    admin: team.admin,
    'member-creator': team.creator,
    'member-other': team.other,
    outsider: team.outsider,
  })[role];

/** A key made through the API by `maker` in their workspace (or `workspaceId`), as the bearer a caller sends. */
async function keyOf(
  maker: TestUser,
  scopes: ApiKeyScope[],
  workspaceId = maker.workspaceId,
): Promise<TestUser> {
  const { key } = await made(maker, {
    method: 'POST',
    url: `/api/workspace/${workspaceId}/api-keys`,
    payload: { name: `Clave ${scopes.join('+')}`, scopes },
  });
  return { ...maker, auth: { authorization: `Bearer ${key}` } };
}

const keyScopes: ApiKeyScope[] = ['read', 'write', 'generate'];

/**
 * The API-key column: a key of the owner with the scope the action needs answers as the owner does,
 * a key with another scope 403, and a key of another workspace (every scope) as that workspace's
 * owner would; for an action no key may do, every key 403.
 */
function keyCells(row: Row): { caller: string; scopes: ApiKeyScope[]; cell: Cell }[] {
  const needs = (scope: ApiKeyScope) => row.key === scope;
  const cells = keyScopes.map((scope) => ({
    caller: `owner's ${scope} key`,
    scopes: [scope],
    cell: needs(scope) ? row.cells.owner : forbidden,
  }));
  const elsewhere = {
    caller: "another workspace's key",
    scopes: keyScopes,
    cell: row.key === 'never' ? forbidden : row.cells.outsider,
  };
  // What no key may do, an admin's key (every scope) may not either.
  if (row.key === 'never') cells.push({ caller: "admin's key", scopes: keyScopes, cell: forbidden });
  // The refusals first and the one that may act last: an action that changes its thing changes it once.
  return [
    ...cells.filter((c) => c.cell === forbidden),
    elsewhere,
    ...cells.filter((c) => c.cell !== forbidden),
  ];
}

describe('who may do what (docs/product.md): every cell through the API', () => {
  for (const row of table) {
    describe(row.action, () => {
      const team = teamsOf(row);
      for (const role of roles) {
        const cell = row.cells[role];
        const [status, code] = typeof cell === 'number' ? [cell] : cell;
        it(`${role} → ${status}${code ? ` ${code}` : ''}`, async () => {
          const { team: asked, ids } = await team();
          const res = await call(actorOf(asked, role), row.request(asked, ids));
          expect(res.statusCode, res.body.slice(0, 300)).toBe(status);
          if (code) expect(res.json().error.code).toBe(code);
        });
      }
      // An admin's key acts as the admin (docs/product.md: a key never goes beyond its creator's role).
      if (row.key !== 'never') {
        const scope = row.key;
        const cell = row.cells.admin;
        const [status, code] = typeof cell === 'number' ? [cell] : cell;
        it(`API keys: the admin's ${scope} key → ${String(cell)}`, async () => {
          const {
            team: asked,
            ids,
            made: key,
          } = await team((made) => keyOf(made.admin, [scope], made.workspaceId));
          const res = await call(key, row.request(asked, ids));
          expect(res.statusCode, res.body.slice(0, 300)).toBe(status);
          if (code) expect(res.json().error.code).toBe(code);
        });
      }
      const keyed = keyCells(row);
      it(`API keys: ${keyed.map(({ caller, cell }) => `${caller} → ${String(cell)}`).join(', ')}`, async () => {
        // The keys first: what the action acts on may not wait (a running batch ends by itself).
        const {
          team: asked,
          ids,
          made: keys,
        } = await team((made) =>
          Promise.all(
            keyed.map(({ caller, scopes }) =>
              caller === "another workspace's key"
                ? keyOf(made.outsider, scopes)
                : caller === "admin's key"
                  ? keyOf(made.admin, scopes, made.workspaceId)
                  : keyOf(made.owner, scopes),
            ),
          ),
        );
        for (const [i, { caller, cell }] of keyed.entries()) {
          const [status, code] = typeof cell === 'number' ? [cell] : cell;
          const res = await call(keys[i]!, row.request(asked, ids));
          expect(res.statusCode, `${caller}: ${res.body.slice(0, 300)}`).toBe(status);
          if (code) expect(res.json().error.code, caller).toBe(code);
        }
      });
    });
  }
});
