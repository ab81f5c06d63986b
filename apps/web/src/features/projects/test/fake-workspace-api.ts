import { FOLDERS_PER_WORKSPACE, type FolderWithCount, type Project } from '@redacta/shared';
import { json } from '../../../../test/render';
import { anaInWorkspace, luis, me, WORKSPACE_ID as W, workspaceFixture } from '../../../../test/fixtures';

export { luis, W };

/** Ana's Pro workspace with Luis as a member (Ana owns it unless `ownerIsLuis`). */
export function workspace(ownerIsLuis = false) {
  const [owner, member] = ownerIsLuis ? [luis, anaInWorkspace] : [anaInWorkspace, luis];
  return workspaceFixture({
    name: 'Agencia Norte',
    plan: 'pro_monthly',
    ownerId: owner.id,
    owner,
    invitedUsers: [member],
  });
}

let counter = 0;
const uuid = () => `00000000-0000-4000-8000-${String(++counter).padStart(12, '0')}`;

export function project(name: string, overrides: Partial<Project> = {}): Project {
  return {
    id: uuid(),
    name,
    workspaceId: W,
    folderId: null,
    isShared: false,
    createdBy: me.id,
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

export function folder(
  name: string,
  createdAt = '2026-11-10T10:00:00.000Z',
): Omit<FolderWithCount, 'projectCount'> {
  return { id: uuid(), workspaceId: W, name, createdBy: me.id, createdAt, updatedAt: createdAt };
}

type Handler = (match: RegExpMatchArray, body: unknown) => Response | undefined;

/**
 * A small in-memory stand-in for the projects and folders API, speaking the real paths and bodies,
 * so the page's reloads after each change show the server's new state. `fail` makes a route
 * answer 500 for the ids it names (or for all with "*").
 */
export function fakeWorkspaceApi(options: {
  projects: Project[];
  folders: Array<Omit<FolderWithCount, 'projectCount'>>;
  ownerIsLuis?: boolean;
  fail?: Record<string, string[]>;
  /** Pages of the top-level list: this many items, the next page's cursor being the offset. */
  pageSize?: number;
}) {
  const state = { projects: [...options.projects], folders: [...options.folders] };
  const calls: Array<{ key: string; body: unknown }> = [];
  const failing = (route: string, id = '*') => {
    const ids = options.fail?.[route];
    return ids !== undefined && (ids.includes('*') || ids.includes(id));
  };
  const error500 = () => json(500, { error: { code: 'INTERNAL', message: 'boom' } });
  const byUpdated = (list: Project[]) => [...list].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));

  const routes: Array<[string, RegExp, Handler]> = [
    ['GET', /^\/api\/workspace\/list$/, () => json(200, [workspace(options.ownerIsLuis)])],
    [
      'GET',
      /^\/api\/workspace\/[^/]+\/folders$/,
      () =>
        failing('folders')
          ? error500()
          : json(
              200,
              [...state.folders]
                .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
                .map((item) => ({
                  ...item,
                  projectCount: state.projects.filter((p) => p.folderId === item.id).length,
                })),
            ),
    ],
    [
      'GET',
      /^\/api\/workspace\/[^/]+\/projects\/no-folder\?/,
      (match) => {
        if (failing('list')) return error500();
        const all = byUpdated(state.projects.filter((p) => !p.folderId));
        const query = new URLSearchParams(match.input!.split('?')[1]);
        const from = Number(query.get('cursor') ?? 0);
        const size = options.pageSize ?? all.length;
        const next = from + size < all.length ? String(from + size) : null;
        return json(200, { items: all.slice(from, from + size), nextCursor: next });
      },
    ],
    [
      'GET',
      /^\/api\/workspace\/[^/]+\/projects\?/,
      () => json(200, { items: byUpdated(state.projects).slice(0, 5), nextCursor: null }),
    ],
    [
      'GET',
      /^\/api\/folder\/([^/?]+)\/projects\?/,
      ([, id]) =>
        json(200, { items: byUpdated(state.projects.filter((p) => p.folderId === id)), nextCursor: null }),
    ],
    [
      'POST',
      /^\/api\/folder$/,
      (_match, body) => {
        const { name, id } = body as { name: string; id?: string };
        if (failing('createFolder')) return error500();
        // The same create sent again answers the folder it made, as the server does.
        const repeated = state.folders.find((item) => item.id === id);
        if (repeated) return json(201, repeated);
        if (state.folders.some((item) => item.name.toLowerCase() === name.toLowerCase()))
          return json(409, { error: { code: 'FOLDER_NAME_TAKEN', message: 'taken' } });
        if (state.folders.length >= FOLDERS_PER_WORKSPACE)
          return json(409, { error: { code: 'FOLDERS_FULL', message: 'full' } });
        const created = { ...folder(name, new Date().toISOString()), ...(id ? { id } : {}) };
        state.folders.push(created);
        return json(201, created);
      },
    ],
    [
      'PATCH',
      /^\/api\/folder\/rename\/([^/]+)$/,
      ([, id], body) => {
        if (failing('renameFolder', id)) return error500();
        const target = state.folders.find((item) => item.id === id)!;
        target.name = (body as { name: string }).name;
        return json(200, target);
      },
    ],
    [
      'DELETE',
      /^\/api\/folder\/([^/]+)$/,
      ([, id]) => {
        state.folders = state.folders.filter((item) => item.id !== id);
        state.projects = state.projects.map((p) => (p.folderId === id ? { ...p, folderId: null } : p));
        return json(204);
      },
    ],
    [
      'PATCH',
      /^\/api\/project\/([^/]+)\/share-to-workspace$/,
      ([, id]) => {
        if (failing('share', id)) return error500();
        const target = state.projects.find((p) => p.id === id)!;
        target.isShared = !target.isShared;
        return json(200, { id, isShared: target.isShared });
      },
    ],
    [
      'PATCH',
      /^\/api\/project\/([^/]+)\/move-to-folder\/([^/]+)$/,
      ([, id, folderId]) => {
        if (failing('move', id)) return error500();
        const target = state.projects.find((p) => p.id === id)!;
        target.folderId = folderId === 'none' ? null : folderId!;
        return json(200, target);
      },
    ],
    [
      'PATCH',
      /^\/api\/project\/rename\/([^/]+)$/,
      ([, id], body) => {
        if (failing('rename', id)) return error500();
        const target = state.projects.find((p) => p.id === id)!;
        target.name = (body as { name: string }).name;
        return json(200, target);
      },
    ],
    [
      'DELETE',
      /^\/api\/project\/([^/]+)$/,
      ([, id]) => {
        if (failing('delete', id)) return error500();
        state.projects = state.projects.filter((p) => p.id !== id);
        return json(204);
      },
    ],
    [
      'POST',
      /^\/api\/workspace\/[^/]+\/project$/,
      () => {
        if (failing('create')) return error500();
        const created = project('24 nov 2026 Sin título');
        state.projects.push(created);
        return json(201, { id: created.id });
      },
    ],
  ];

  const fetch = async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ key: `${method} ${url}`, body });
    for (const [routeMethod, pattern, handler] of routes) {
      const match = routeMethod === method ? url.match(pattern) : null;
      const response = match && handler(match, body);
      if (response) return response;
    }
    return json(404, { error: { code: 'NOT_FOUND', message: `no ${method} ${url}` } });
  };
  return { fetch, calls, state };
}
