import type { KnowledgeCitation, KnowledgeSource, Workspace, WorkspaceUsage } from '@redacta/shared';

export const USER_ID = '11111111-1111-4111-8111-111111111111';
export const WORKSPACE_ID = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
export const PROJECT_ID = '22222222-2222-4222-8222-222222222222';

/** Ana, the signed-in user of the web tests. */
export const me = {
  id: USER_ID,
  email: 'ana@ejemplo.com',
  firstName: 'Ana',
  lastName: 'García',
  name: 'Ana García',
  picture: null,
  locale: 'es' as const,
};

/** Ana as a workspace lists its owner and members. */
export const anaInWorkspace = {
  id: me.id,
  firstName: me.firstName,
  lastName: me.lastName,
  email: me.email,
};

/** Luis, a colleague who owns or joins a workspace with Ana. */
export const luis = {
  id: '99999999-9999-4999-8999-999999999999',
  firstName: 'Luis',
  lastName: 'Pérez',
  email: 'luis@ejemplo.com',
};

/** A reply's citation [1]: page 3 of the workspace's price list. */
export const pricingCitation: KnowledgeCitation = {
  n: 1,
  knowledgeId: '66666666-6666-4666-8666-666666666666',
  name: 'tarifas-2027.pdf',
  locator: { page: 3 },
  excerpt: 'El plan Pro cuesta 29 € al mes.',
};

/** The price list as the knowledge page lists it: ready, added by Ana. */
export const pricingSource: KnowledgeSource = {
  id: pricingCitation.knowledgeId,
  workspaceId: WORKSPACE_ID,
  name: pricingCitation.name,
  kind: 'file',
  url: null,
  status: 'ready',
  failureReason: null,
  passageCount: 4,
  sizeBytes: 2000,
  addedBy: anaInWorkspace,
  createdAt: '2026-11-20T10:00:00Z',
};

/** This month's words: Free counts against 2,000, paid plans have no limit. */
export function usageFixture(
  plan: Workspace['plan'] = 'free',
  overrides: Partial<WorkspaceUsage> = {},
): WorkspaceUsage {
  const free = plan === 'free';
  return {
    workspaceId: WORKSPACE_ID,
    wordCount: 0,
    limit: free ? 2000 : null,
    remaining: free ? 2000 : null,
    resetsAt: '2026-12-01T00:00:00Z',
    ...overrides,
  };
}

type WorkspaceOverrides = Partial<Omit<Workspace, 'workspaceUsage'>> & {
  usage?: Partial<WorkspaceUsage>;
};

/** Ana's own workspace on `plan` (Free unless told), with no one invited; override what a test needs. */
export function workspaceFixture({ plan = 'free', usage, ...overrides }: WorkspaceOverrides = {}): Workspace {
  const id = overrides.id ?? WORKSPACE_ID;
  return {
    id,
    name: 'Espacio de Ana',
    createdAt: '2026-11-01T00:00:00Z',
    ownerId: me.id,
    owner: anaInWorkspace,
    plan,
    isPro: plan !== 'free',
    isEnterprise: false,
    enterprisePlan: false,
    isGpt4TurnedOn: false,
    userSeats: plan === 'free' ? 0 : 3,
    invitedUsers: [],
    premiumSubscription: null,
    cancelAtPeriodEnd: false,
    newestProjectId: null,
    ...overrides,
    workspaceUsage: usageFixture(plan, { workspaceId: id, ...usage }),
  };
}

/** Ana's project in her workspace, as the chat and the document open it. */
export const projectFixture = {
  id: PROJECT_ID,
  name: 'Campaña de otoño',
  workspaceId: WORKSPACE_ID,
  folderId: null,
  isShared: false,
  createdBy: USER_ID,
  createdAt: '2026-11-01T00:00:00Z',
  updatedAt: '2026-11-01T00:00:00Z',
};
