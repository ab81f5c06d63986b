import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { App } from '../../src/app.ts';
import { documents } from '../../src/db/schema.ts';
import { JSON_BODY_MAX_DEPTH, nestsDeeperThan } from '../../src/plugins/json-body.ts';
import { createUser } from '../helpers/factories.ts';
import { insertProject } from '../helpers/project-factories.ts';
import { createLoggedTestApp, errorLines, type LogLine } from './logged-app.ts';

let app: App;
let log: LogLine[];
beforeEach(async () => {
  ({ app, log } = await createLoggedTestApp());
});
afterEach(() => app.close());

/** A base time after any change: a save applies whatever the document's own time. */
const BASED_ON = '2100-01-01T00:00:00.000Z';

/** `{"a":{"a":…1…}}` opening `depth` objects, as raw JSON text. */
const nestedText = (depth: number) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);

const saveRaw = (projectId: string, auth: Record<string, string>, payload: string) =>
  app.inject({
    method: 'PATCH',
    url: `/api/project/${projectId}/document`,
    headers: { ...auth, 'content-type': 'application/json' },
    payload,
  });

/** Another user can still work: create a project, list projects, and the database is ready. */
async function expectServiceAnswers() {
  const other = await createUser(app);
  const created = await app.inject({
    method: 'POST',
    url: `/api/workspace/${other.workspaceId}/project`,
    headers: other.auth,
    payload: { name: 'Sigue funcionando' },
  });
  expect(created.statusCode).toBe(201);
  const list = await app.inject({ url: `/api/workspace/${other.workspaceId}/projects`, headers: other.auth });
  expect(list.json().items.map((p: { name: string }) => p.name)).toEqual(['Sigue funcionando']);
  const ready = await app.inject('/readyz');
  expect(ready.statusCode).toBe(200);
}

describe('JSON nesting depth', () => {
  it('counts brackets outside strings only, in one pass', () => {
    expect(nestsDeeperThan(nestedText(3), 3)).toBe(false);
    expect(nestsDeeperThan(nestedText(4), 3)).toBe(true);
    expect(nestsDeeperThan('[[[]]]', 3)).toBe(false);
    expect(nestsDeeperThan('[[[[]]]]', 3)).toBe(true);
    expect(nestsDeeperThan('[]'.repeat(1000), 1)).toBe(false);
    // Brackets inside strings, escaped quotes and backslashes are text, not structure.
    expect(nestsDeeperThan('{"a":"[[[[{{{{"}', 1)).toBe(false);
    expect(nestsDeeperThan('{"a":"\\"[[[[","b":"\\\\"}', 1)).toBe(false);
    expect(nestsDeeperThan('{"a":"\\\\","b":[[[]]]}', 3)).toBe(true);
  });

  it('refuses a document nesting an extra key thousands of levels deep with 400, and everyone else is served', async () => {
    const ana = await createUser(app);
    const project = await insertProject(app, ana);
    // The body that froze the service: a document whose content carries an extra key ~2,500 levels
    // deep (about 15 KB), and deeper ones that overflowed the stack.
    for (const depth of [2_500, 20_000]) {
      const payload = `{"content":{"type":"doc","content":[{"type":"paragraph"}],"x":${nestedText(depth)}}}`;
      const res = await saveRaw(project.id, ana.auth, payload);
      expect(res.statusCode, `${depth} levels`).toBe(400);
      expect(res.json()).toEqual({
        error: {
          code: 'VALIDATION_FAILED',
          message: `The JSON body nests deeper than ${JSON_BODY_MAX_DEPTH} levels`,
          requestId: expect.any(String),
        },
      });
    }
    await expectServiceAnswers();
    const [row] = await app.db.select().from(documents).where(eq(documents.projectId, project.id));
    expect(row!.content).toEqual({ type: 'doc', content: [{ type: 'paragraph' }] });
    expect(errorLines(log)).toEqual([]);
  });

  it('applies the limit to every JSON body, at the parser', async () => {
    const ana = await createUser(app);
    const within = await app.inject({
      method: 'POST',
      url: '/api/auth/email/start',
      headers: { 'content-type': 'application/json' },
      payload: `{"email":"a@b.co","extra":${nestedText(JSON_BODY_MAX_DEPTH - 1)}}`,
    });
    // Within the limit the body is parsed and the schema refuses the unknown key.
    expect(within.statusCode).toBe(400);
    expect(within.json().error.message).toBe('Invalid body');
    for (const [method, url] of [
      ['POST', '/api/auth/email/start'],
      ['POST', `/api/workspace/${ana.workspaceId}/project`],
      ['POST', '/api/chat/send-request-stream'],
      ['PATCH', `/api/workspace/rename/${ana.workspaceId}`],
    ] as const) {
      const res = await app.inject({
        method,
        url,
        headers: { ...ana.auth, 'content-type': 'application/json; charset=utf-8' },
        payload: `{"name":${nestedText(JSON_BODY_MAX_DEPTH)}}`,
      });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error.message, url).toMatch(/nests deeper/);
    }
    await expectServiceAnswers();
    expect(errorLines(log)).toEqual([]);
  });

  it('takes a real document with lists nested far deeper than people write them', async () => {
    const ana = await createUser(app);
    const project = await insertProject(app, ana);
    let node: Record<string, unknown> = {
      type: 'paragraph',
      content: [{ type: 'text', text: 'hondo', marks: [{ type: 'link', attrs: { href: 'https://a.b' } }] }],
    };
    for (let level = 0; level < 20; level++) {
      node = { type: 'bulletList', content: [{ type: 'listItem', content: [node] }] };
    }
    const content = { type: 'doc', content: [node] };
    const res = await saveRaw(project.id, ana.auth, JSON.stringify({ content, updatedAt: BASED_ON }));
    expect(res.statusCode).toBe(200);
    const saved = await app.inject({
      method: 'GET',
      url: `/api/project/${project.id}/document`,
      headers: ana.auth,
    });
    expect(saved.json().content).toEqual(content);
  });
});

describe('the document schema', () => {
  it('refuses keys it does not know at every level', async () => {
    const ana = await createUser(app);
    const project = await insertProject(app, ana);
    const text = { type: 'text', text: 'hola' };
    const invalid = [
      { type: 'doc', content: [{ type: 'paragraph' }], x: {} },
      { type: 'doc', content: [{ type: 'paragraph', x: 1 }] },
      { type: 'doc', content: [{ type: 'paragraph', content: [{ ...text, x: { a: { a: 1 } } }] }] },
      {
        type: 'doc',
        content: [{ type: 'paragraph', content: [{ ...text, marks: [{ type: 'bold', x: 1 }] }] }],
      },
      { type: 'doc', content: [{ type: 'heading', attrs: { level: { a: 1 } } }] },
      { type: 'doc', content: [{ type: 'heading', attrs: { level: [1] } }] },
      { type: 'doc', content: [{ type: 'heading', attrs: { 'bad name': 1 } }] },
      {
        type: 'doc',
        content: [
          { type: 'paragraph', content: [{ ...text, marks: [{ type: 'link', attrs: { href: {} } }] }] },
        ],
      },
    ];
    for (const content of invalid) {
      const res = await saveRaw(project.id, ana.auth, JSON.stringify({ content, updatedAt: BASED_ON }));
      expect(res.statusCode, JSON.stringify(content)).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
    }
    const [row] = await app.db.select().from(documents).where(eq(documents.projectId, project.id));
    expect(row!.content).toEqual({ type: 'doc', content: [{ type: 'paragraph' }] });
    expect(errorLines(log)).toEqual([]);
  });
});
