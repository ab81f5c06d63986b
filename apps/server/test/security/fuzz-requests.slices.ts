import { readdirSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { and, isNotNull, notInArray } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '@redacta/shared';
import type { App } from '../../src/app.ts';
import { brandVoices, folders, prompts, templates } from '../../src/db/schema.ts';
import {
  body,
  pathParam,
  queryString,
  type Framed,
  type JsonSchema,
  type KnownValues,
} from './fuzz-requests.arbitraries.ts';
import { matrixCases } from './authorization-matrix.cells.ts';
import { matrixRequests } from './authorization-matrix.requests.ts';
import { ERROR_LEVEL, createLoggedTestApp, type LogLine } from './logged-app.ts';
import { createTeamFixtures, invite, makeThings, must, type TeamFixtures } from './team-fixtures.ts';
import { injectAnswer } from '../helpers/inject-answer.ts';
import { builtInTemplateId } from '../../src/modules/templates/built-ins.ts';

/*
 * Every operation of the OpenAPI document gets requests generated from its own schemas (path,
 * query, body), valid-ish and then spoiled, sent as the signed-in owner of a real Pro team so they
 * pass authentication and reach validation and the handlers. Every answer must be a 2xx, or a 4xx in
 * our error shape, never a 5xx, and the server must log no error. Bounded and repeatable: a fixed
 * seed and FUZZ_RUNS cases per operation; FUZZ_SEED and FUZZ_RUNS change them for a longer hunt.
 *
 * The operations are shared out over the files fuzz-requests.<n>.test.ts (n from 1 to SLICES), so
 * that test workers fuzz them side by side; each file fuzzes its slice against fixtures of its own.
 */

const SEED = Number(process.env.FUZZ_SEED ?? 20_260_517);
const RUNS = Number(process.env.FUZZ_RUNS ?? 45);

/**
 * How many files share the operations out: shares small enough for three test workers to even out,
 * while each file's own set-up (an app and its fixtures, about a second) stays small beside its share.
 */
const SLICES = 4;
const SLICE_FILE = /^fuzz-requests\.(\d+)\.test\.ts$/;

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
interface Parameter {
  in: 'path' | 'query' | 'header';
  name: string;
  schema: JsonSchema;
}
interface Operation {
  method: Method;
  path: string;
  parameters: Parameter[];
  body?: JsonSchema;
}

let app: App;
let log: LogLine[];
let f: TeamFixtures;
let operations: Operation[];

/** The app, its fixtures and the document's operations, for one file's slice. */
async function setUp() {
  ({ app, log } = await createLoggedTestApp());
  f = await createTeamFixtures(app);
  // Seats for the invitations the fuzzing sends, so most reach the invitation code rather than the seat check.
  await must(app, f.owner, 'POST', `/api/workspace/${f.team}/buy-additional-seat`, { numberOfSeats: 99 });
  const doc = (await app.inject('/api/openapi.json')).json() as {
    paths: Record<
      string,
      Record<
        string,
        { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema?: JsonSchema }> } }
      >
    >;
  };
  operations = Object.entries(doc.paths).flatMap(([path, byMethod]) =>
    Object.entries(byMethod).map(([method, operation]) => ({
      method: method.toUpperCase() as Method,
      path,
      parameters: operation.parameters ?? [],
      body: operation.requestBody?.content?.['application/json']?.schema,
    })),
  );
}

/**
 * Operations that take things away from the fixtures (deletions, removing the member) run last, so
 * the others meet the team whole. Within each group, the document's order.
 */
const takesAway = (operation: Operation) =>
  operation.method === 'DELETE' || /remove-invited-user|\/leave$/.test(operation.path);

/** The real ids a parameter or field of this operation may name, so requests reach the handlers. */
function knownValues(operation: Operation, ids: Awaited<ReturnType<typeof freshIds>>): KnownValues {
  const { path } = operation;
  const byName: Record<string, string[]> = {
    workspaceId: [f.team, f.freeTeam],
    projectId: ids.projects,
    brandVoiceId: ids.voices,
    promptId: ids.prompts,
    entryId: [f.reply],
    reactionId: [f.reply],
    folderId: ids.folders,
    userId: [f.member.id, f.owner.id],
    sessionId: [f.checkoutOfFreeTeam],
  };
  const forId = (): string[] => {
    if (/^\/api\/(workspace\/(\{id\}|rename)|brand-voice\/workspace|prompt\/by-workspace)/.test(path))
      return [f.team, f.freeTeam, f.fullTeam];
    if (path.startsWith('/api/project/')) return ids.projects;
    if (path.startsWith('/api/folder/')) return ids.folders;
    if (path.startsWith('/api/brand-voice/')) return ids.voices;
    if (path.startsWith('/api/prompt/')) return ids.prompts;
    if (path.startsWith('/api/template/')) return ids.templates;
    if (path.startsWith('/api/invitation-to-workspace/')) return ids.invitations;
    return [];
  };
  return {
    ids: (name) => (name === 'id' ? forId() : (byName[name] ?? [])),
    tokens: [f.linkInvitation.token, ...ids.tokens],
    origin: app.config.APP_URL,
  };
}

/**
 * Drops the folders, brand voices, custom prompts and templates earlier operations added, the fixtures' own kept:
 * each list is capped per workspace, and the operations together add more than a cap holds.
 */
async function makeRoom() {
  const fixtures = [f.ownerThings, f.memberThings, f.outsiderThings];
  const keep = (key: 'folder' | 'voice' | 'prompt' | 'template') => fixtures.map((things) => things[key]);
  await app.db.delete(folders).where(notInArray(folders.id, keep('folder')));
  await app.db.delete(brandVoices).where(notInArray(brandVoices.id, keep('voice')));
  await app.db
    .delete(prompts)
    .where(and(isNotNull(prompts.workspaceId), notInArray(prompts.id, keep('prompt'))));
  await app.db.delete(templates).where(notInArray(templates.id, keep('template')));
}

/** Things of the owner made for one operation, beside the fixtures', so an operation that changes them spoils no other. */
async function freshIds(operation: Operation) {
  await makeRoom();
  const things = await makeThings(app, f.team, f.owner);
  const invitation = operation.path.startsWith('/api/invitation-to-workspace/')
    ? await invite(app, f.owner, f.team)
    : null;
  return {
    projects: [things.project, f.ownerThings.project, f.ownerPrivate, f.memberThings.project],
    folders: [things.folder, f.ownerThings.folder],
    voices: [things.voice, f.ownerThings.voice],
    prompts: [things.prompt, f.builtInPrompt, f.memberThings.prompt],
    templates: [things.template, builtInTemplateId('es', 'search-ad'), f.memberThings.template],
    invitations: invitation ? [invitation.id, f.memberInvitation.id] : [f.memberInvitation.id],
    tokens: invitation ? [invitation.token] : [],
  };
}

/** A request the owner may make, from the authorization matrix: its path parameters and body, to start from. */
interface Sample {
  path: string[];
  payload?: unknown;
}

async function sampleOf(operation: Operation): Promise<Sample | undefined> {
  const name = `${operation.method} ${operation.path}`;
  const allowed = matrixCases.find(
    (c) => c.operation === name && Number(String(c.cells.owner).split(' ')[0]) < 300,
  );
  if (!allowed) return undefined;
  // Earlier operations may have changed what a sample needs (the free team bought Pro): then none.
  const request = await Promise.resolve(
    matrixRequests[`${allowed.operation} · ${allowed.target}`]!(f, 'owner', f.owner),
  ).catch(() => undefined);
  if (!request) return undefined;
  const template = operation.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{\w+\}/g, '([^/?]+)');
  const values = request.url.match(new RegExp(`^${template}(?:\\?|$)`))?.slice(1) ?? [];
  return { path: values, payload: request.payload };
}

interface Sent {
  request: InjectOptions;
  framed: Framed | null;
}

/** Every request for `operation`: its path and query from their schemas, a body, and the session's headers. */
function requests(operation: Operation, known: KnownValues, sample: Sample | undefined): fc.Arbitrary<Sent> {
  const pathParams = operation.parameters.filter((p) => p.in === 'path');
  const queryParams = operation.parameters.filter((p) => p.in === 'query');
  const headerParams = operation.parameters.filter((p) => p.in === 'header');
  const takesBody = operation.method !== 'GET';
  return fc
    .record({
      path: fc.tuple(...pathParams.map((p, i) => pathParam(p.schema, known, p.name, sample?.path[i]))),
      query: queryString(queryParams, known),
      framed: takesBody ? body(operation.body, known, sample?.payload) : fc.constant(null),
      headerValues: fc.tuple(
        ...headerParams.map(() =>
          fc.option(fc.string({ unit: 'grapheme-ascii', maxLength: 80 }), { nil: undefined }),
        ),
      ),
      xhr: fc.boolean(),
    })
    .map(({ path, query, framed, headerValues, xhr }) => {
      let index = 0;
      const url = operation.path.replace(/\{\w+\}/g, () => path[index++]!) + (query ? `?${query}` : '');
      const headers: Record<string, string> = { ...f.owner.auth };
      if (xhr) headers['x-requested-with'] = 'XMLHttpRequest';
      headerParams.forEach((p, i) => {
        if (headerValues[i] !== undefined) headers[p.name] = headerValues[i]!;
      });
      if (framed?.contentType !== null && framed?.contentType !== undefined)
        headers['content-type'] = framed.contentType;
      const request: InjectOptions = {
        method: operation.method,
        url,
        headers,
        ...(framed?.payload !== null && framed?.payload !== undefined ? { payload: framed.payload } : {}),
      };
      return { request, framed };
    });
}

/** What is wrong with an answer, if anything: a 5xx, an error not in our shape, a 204 with a body, a broken stream. */
function problemWith(operation: Operation, res: LightMyRequestResponse): string | null {
  const status = res.statusCode;
  if (status >= 500) return `answered ${status}`;
  if (status >= 400) {
    let parsed: unknown = null;
    try {
      parsed = res.json();
    } catch {
      return `error ${status} is not JSON`;
    }
    return errorBodySchema.safeParse(parsed).success ? null : `error ${status} not in our shape`;
  }
  // The sign-ins through a provider (Google, Facebook, a workspace's SSO) are browser redirects.
  const redirects = /^\/api\/auth\/(?:oauth|sso)\//.test(operation.path);
  if (status >= 300) return redirects ? null : `answered ${status}`;
  if (status === 204) return res.body === '' ? null : '204 with a body';
  if (String(res.headers['content-type']).startsWith('application/x-ndjson')) {
    const parts = res.body.trim().split('\n');
    try {
      const last = JSON.parse(parts.at(-1)!) as { type?: string };
      // A chat reply ends with its finish part; a live conversation is read up to its first part.
      const whole = operation.path.endsWith('/conversation/live') ? 'replies' : 'finish';
      return last.type === whole ? null : `stream ended with ${JSON.stringify(last)}`;
    } catch {
      return 'stream part is not JSON';
    }
  }
  return null;
}

const shortBody = (text: string) => (text.length > 300 ? `${text.slice(0, 300)}…` : text);

/** An operation and its place in the order of fuzzing, from 0: its seed is SEED plus that index. */
interface Placed {
  operation: Operation;
  index: number;
}

/** The operations in the order they are fuzzed (see takesAway). */
function ordered(): Placed[] {
  return [...operations.filter((o) => !takesAway(o)), ...operations.filter(takesAway)].map(
    (operation, index) => ({ operation, index }),
  );
}

const nameOf = (operation: Operation) => `${operation.method} ${operation.path}`;

/**
 * Roughly how many ordinary operations' time each of the slow ones takes to fuzz (their requests wait
 * for the demo model to write a reply); any other counts as one. Only the slices' balance rests on it.
 */
const COST: Record<string, number> = {
  'PATCH /api/brand-voice/analyze-content': 85,
  'POST /api/chat/send-request-stream': 40,
  'POST /api/chat/improve': 15,
  'POST /api/workspace/{id}/generate': 15,
  'POST /api/document/transform': 7,
};
const costOf = ({ operation }: Placed) => COST[nameOf(operation)] ?? 1;

/**
 * The ordered operations shared out over SLICES slices of about the same cost: the costliest first, each
 * to the slice with the least so far (the first of equals). Each slice keeps the order.
 */
function slices(): Placed[][] {
  const shares = Array.from({ length: SLICES }, () => ({ cost: 0, taken: [] as Placed[] }));
  const costliestFirst = ordered().sort((a, b) => costOf(b) - costOf(a) || a.index - b.index);
  for (const item of costliestFirst) {
    const share = shares.reduce((least, other) => (other.cost < least.cost ? other : least));
    share.cost += costOf(item);
    share.taken.push(item);
  }
  return shares.map(({ taken }) => taken.sort((a, b) => a.index - b.index));
}

/** What a generated request broke, as text for the failure, or null when the answer was right. */
async function fuzz(operation: Operation, index: number, count: () => void): Promise<string | null> {
  const known = knownValues(operation, await freshIds(operation));
  const seed = SEED + index;
  const sample = await sampleOf(operation);
  const property = fc.asyncProperty(requests(operation, known, sample), async ({ request, framed }) => {
    const logged = log.length;
    const res = await injectAnswer(app, request);
    count();
    const problem = problemWith(operation, res);
    const errors = log.slice(logged).filter((line) => line.level >= ERROR_LEVEL);
    if (problem || errors.length > 0) {
      throw new Error(
        `${problem ?? 'logged an error'}: ${request.method} ${shortBody(String(request.url))} ` +
          `${framed?.describe ?? ''} → ${res.statusCode} ${shortBody(res.body)} ` +
          `${errors.map((line) => `[log] ${line.msg}: ${line.err?.message ?? ''}`).join(' ')}`,
      );
    }
  });
  try {
    await fc.assert(property, { seed, numRuns: RUNS, endOnFailure: true });
    return null;
  } catch (error) {
    return `${nameOf(operation)} (FUZZ_SEED=${SEED}, this operation's seed ${seed}): ${(error as Error).message}`;
  }
}

/** The tests of the file `testFile` (its import.meta.url), whose name says which slice it fuzzes. */
export function fuzzSlice(testFile: string) {
  const slice = Number(SLICE_FILE.exec(basename(fileURLToPath(testFile)))?.[1]);
  beforeAll(setUp, 120_000);
  afterAll(() => app.close());

  describe(`fuzzing every request schema, slice ${slice} of ${SLICES}`, () => {
    it(
      'answers every generated request with a 2xx or a 4xx in our error shape, never a 5xx, and logs no error',
      async () => {
        expect(operations.length).toBeGreaterThan(60);
        const mine = slices()[slice - 1] ?? [];
        expect(mine.length).toBeGreaterThan(0);
        const failures: string[] = [];
        let sent = 0;
        for (const { operation, index } of mine) {
          const failure = await fuzz(operation, index, () => (sent += 1));
          if (failure) failures.push(failure);
        }
        expect(failures).toEqual([]);
        expect(sent).toBeGreaterThanOrEqual(mine.length * RUNS);
        // Keys like __proto__ in bodies and queries changed no object's prototype in this process.
        const plain = {} as Record<string, unknown>;
        expect([plain.polluted, plain.isAdmin, plain.role]).toEqual([undefined, undefined, undefined]);
        // The team still works for its members after all that.
        const still = await app.inject({ url: `/api/workspace/${f.team}/projects`, headers: f.owner.auth });
        expect(still.statusCode).toBe(200);
      },
      20 * 60_000,
    );

    it('with the other slices, fuzzes every operation of the document exactly once', () => {
      // A file for every slice, and no other: a slice without its file would go unfuzzed.
      const files = readdirSync(dirname(fileURLToPath(import.meta.url)))
        .map((name) => SLICE_FILE.exec(name)?.[1])
        .filter((number) => number !== undefined)
        .map(Number)
        .sort((a, b) => a - b);
      expect(files).toEqual(Array.from({ length: SLICES }, (_, i) => i + 1));
      const taken = slices().flat();
      expect(taken.map(({ index }) => index).sort((a, b) => a - b)).toEqual(operations.map((_, i) => i));
      expect(taken.map(({ operation }) => nameOf(operation)).sort()).toEqual(operations.map(nameOf).sort());
    });
  });
}
