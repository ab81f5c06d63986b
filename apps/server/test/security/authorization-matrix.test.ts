import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '@redacta/shared';
import type { App } from '../../src/app.ts';
import type { TestUser } from '../helpers/factories.ts';
import { actors, matrixCases, type Actor, type Cell, type MatrixCase } from './authorization-matrix.cells.ts';
import { matrixRequests } from './authorization-matrix.requests.ts';
import { createLoggedTestApp, errorLines, type LogLine } from './logged-app.ts';
import { createTeamFixtures, MARKERS, type TeamFixtures } from './team-fixtures.ts';
import { injectAnswer } from '../helpers/inject-answer.ts';

let app: App;
let log: LogLine[];
let f: TeamFixtures;
let operations: string[];
let registered: string[];

beforeAll(async () => {
  ({ app, log } = await createLoggedTestApp());
  f = await createTeamFixtures(app);
  const doc = (await app.inject('/api/openapi.json')).json() as {
    paths: Record<string, Record<string, unknown>>;
  };
  operations = Object.entries(doc.paths).flatMap(([path, byMethod]) =>
    Object.keys(byMethod).map((method) => `${method.toUpperCase()} ${path}`),
  );
  registered = registeredRoutes(app);
}, 120_000);
afterAll(() => app.close());

const SCIM_ERROR_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:Error';

const caseKey = (c: MatrixCase) => `${c.operation} · ${c.target}`;

/** The markers an actor's answers must never contain: the other side's names and the other user's private project. */
function hiddenFrom(actor: Actor, c: MatrixCase): string[] {
  if (c.tokenHolderSees || c.developmentOnly) return [];
  const team = [MARKERS.team, MARKERS.ownerPrivate, MARKERS.memberPrivate];
  switch (actor) {
    case 'anonymous':
      return [...team, MARKERS.outsider];
    case 'outsider':
      return team;
    case 'member':
      return [MARKERS.outsider, MARKERS.ownerPrivate];
    case 'admin':
      return [MARKERS.outsider, MARKERS.ownerPrivate, MARKERS.memberPrivate];
    case 'owner':
      return [MARKERS.outsider, MARKERS.memberPrivate];
  }
}

/** Who must never get a 2xx or 3xx, whatever the cells say. */
function neverAllowed(c: MatrixCase): Actor[] {
  switch (c.home) {
    case 'team':
      return ['anonymous', 'outsider'];
    case 'outsiders':
      return ['anonymous', 'member', 'admin', 'owner'];
    case 'caller':
      return ['anonymous'];
    case 'public':
      return [];
  }
}

const describeCell = (cell: Cell) => String(cell);

describe('the authorization matrix', () => {
  it('has a case for every operation of the OpenAPI document and every route registered, and a request for every case', () => {
    expect(operations.length).toBeGreaterThan(60);
    expect(registered).toEqual(expect.arrayContaining(operations));
    const covered = new Set(matrixCases.map((c) => c.operation));
    expect(operations.filter((operation) => !covered.has(operation))).toEqual([]);
    expect(registered.filter((route) => !covered.has(route))).toEqual([]);
    expect([...covered].filter((operation) => !registered.includes(operation))).toEqual([]);
    const keys = matrixCases.map(caseKey);
    expect(keys.filter((key, i) => keys.indexOf(key) !== i)).toEqual([]);
    expect(keys.filter((key) => !matrixRequests[key])).toEqual([]);
    expect(Object.keys(matrixRequests).filter((key) => !keys.includes(key))).toEqual([]);
  });

  it('can see a leak: the markers are in the answers of those allowed to see them', async () => {
    const projectsOf = async (caller: TestUser, workspaceId: string) =>
      (await app.inject({ url: `/api/workspace/${workspaceId}/projects`, headers: caller.auth })).body;
    const ownersView = await projectsOf(f.owner, f.team);
    expect(ownersView).toContain(MARKERS.team);
    expect(ownersView).toContain(MARKERS.ownerPrivate);
    expect(await projectsOf(f.member, f.team)).toContain(MARKERS.memberPrivate);
    expect(await projectsOf(f.outsider, f.outsiders)).toContain(MARKERS.outsider);
  });

  it('answers every caller of every operation as the permission table says, with no 5xx and no leak', async () => {
    const callers: Record<Actor, TestUser | null> = {
      anonymous: null,
      outsider: f.outsider,
      member: f.member,
      admin: f.admin,
      owner: f.owner,
    };
    const failures: string[] = [];
    for (const c of matrixCases) {
      const [method] = c.operation.split(' ') as ['GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE'];
      for (const actor of actors) {
        const caller = callers[actor];
        const label = `${caseKey(c)} as ${actor}`;
        const request = await matrixRequests[caseKey(c)]!(f, actor, caller);
        const res = await injectAnswer(app, {
          method,
          url: request.url,
          headers: { ...(caller && !request.withoutBearer ? caller.auth : {}), ...request.headers },
          ...(request.payload === undefined ? {} : { payload: request.payload as object }),
        });
        const [status, code] = describeCell(c.cells[actor]).split(' ');
        const body = res.body;
        const got = res.statusCode >= 400 ? `${res.statusCode} ${safeCode(body)}` : String(res.statusCode);
        if (res.statusCode !== Number(status) || (code && safeCode(body) !== code)) {
          failures.push(`${label}: expected ${c.cells[actor]}, got ${got} ${body.slice(0, 160)}`);
        }
        if (res.statusCode >= 500) failures.push(`${label}: ${res.statusCode}`);
        if (res.statusCode < 400 && neverAllowed(c).includes(actor)) {
          failures.push(`${label}: ${res.statusCode} for a caller with no right to it`);
        }
        const inItsShape = c.scim
          ? (safeJson(body) as { schemas?: string[] } | null)?.schemas?.[0] === SCIM_ERROR_SCHEMA
          : errorBodySchema.safeParse(safeJson(body)).success;
        if (res.statusCode >= 400 && !inItsShape) {
          failures.push(`${label}: error not in its shape: ${body.slice(0, 160)}`);
        }
        for (const marker of hiddenFrom(actor, c)) {
          if (body.includes(marker))
            failures.push(`${label}: the answer shows ${marker}: ${body.slice(0, 300)}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(errorLines(log)).toEqual([]);
  }, 120_000);
});

/**
 * Every route the server registers, `METHOD /path/{param}` (HEAD left out: Fastify adds it to every
 * GET), read from Fastify's route tree, whose lines each add a segment to their parent's path.
 */
function registeredRoutes(server: App): string[] {
  const parents: string[] = [];
  const routes: string[] = [];
  for (const line of server.printRoutes({ commonPrefix: false }).split('\n')) {
    const found = line.match(/^([│ ]*)[├└]── (.+) \(([^)]+)\)$/);
    if (!found) continue;
    const depth = found[1]!.length / 4;
    const path = (depth > 0 ? parents[depth - 1]! : '') + found[2]!;
    parents[depth] = path;
    for (const method of found[3]!.split(', ')) {
      if (method !== 'HEAD') routes.push(`${method} ${path.replace(/:(\w+)/g, '{$1}')}`);
    }
  }
  return routes;
}

function safeJson(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return null;
  }
}

function safeCode(body: string): string {
  const parsed = errorBodySchema.safeParse(safeJson(body));
  return parsed.success ? parsed.data.error.code : '(no error code)';
}
