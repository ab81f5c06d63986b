import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { STYLE_AVOID_MAX, STYLE_RULES_PER_WORKSPACE, STYLE_TERM_MAX_LENGTH } from '@redacta/shared';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { addMember, createUser, type TestUser } from '../helpers/factories.ts';

let t: TestApp;
let owner: TestUser;
let member: TestUser;
let outsider: TestUser;

beforeEach(async () => {
  t = await createTestApp();
  owner = await createUser(t.app, { firstName: 'Ana' });
  member = await createUser(t.app, { firstName: 'Bea' });
  outsider = await createUser(t.app, { firstName: 'Carla' });
  await addMember(t.app, owner.workspaceId, member.id);
});
afterEach(() => t.app.close());

const rulesUrl = (workspaceId = owner.workspaceId) => `/api/workspace/${workspaceId}/style-rules`;
const put = (user: TestUser, rules: unknown[]) =>
  t.app.inject({ method: 'PUT', url: rulesUrl(), headers: user.auth, payload: { rules } });
const get = (user: TestUser) => t.app.inject({ method: 'GET', url: rulesUrl(), headers: user.auth });
const check = (user: TestUser, payload: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: `/api/workspace/${owner.workspaceId}/style-check`,
    headers: user.auth,
    payload,
  });

const guide = [
  { kind: 'prefer', use: 'email', avoid: ['e-mail', 'mail'] },
  { kind: 'ban', phrase: '  revolucionario ' },
  { kind: 'exact-case', term: 'Redacta Pro', language: 'es' },
  { kind: 'max-sentence-words', value: 12, language: 'en' },
  { kind: 'max-exclamations', value: 1 },
];

describe('style rules', () => {
  it('starts empty, saves the owner’s list with an id for each rule, and keeps the ids sent back', async () => {
    expect((await get(member)).json()).toEqual({ rules: [], language: 'es', updatedAt: null });

    const saved = await put(owner, guide);
    expect(saved.statusCode, saved.body).toBe(200);
    const { rules } = saved.json() as { rules: { id: string; kind: string }[] };
    expect(rules.map((rule) => rule.kind)).toEqual(guide.map((rule) => rule.kind));
    expect(rules[1]).toMatchObject({ phrase: 'revolucionario' });
    expect(new Set(rules.map((rule) => rule.id)).size).toBe(5);

    const again = await put(owner, [rules[1], { kind: 'ban', phrase: 'disruptivo' }]);
    const kept = again.json().rules as { id: string }[];
    expect(kept[0]!.id).toBe(rules[1]!.id);
    expect(kept[1]!.id).not.toBe(rules[1]!.id);
    expect((await get(member)).json()).toMatchObject({ rules: kept });
  });

  it('lets only the owner edit: a member gets 403, someone from another workspace 404', async () => {
    expect((await put(member, guide)).json()).toMatchObject({ error: { code: 'NOT_WORKSPACE_OWNER' } });
    expect((await put(member, guide)).statusCode).toBe(403);
    expect((await put(outsider, guide)).statusCode).toBe(404);
    expect((await get(outsider)).statusCode).toBe(404);
    expect((await check(outsider, { text: 'hola', language: 'es' })).statusCode).toBe(404);
    expect((await get(owner)).json().rules).toEqual([]);
  });

  it.each([
    ['an unknown kind', [{ kind: 'tone', value: 'formal' }]],
    ['an unknown field', [{ kind: 'ban', phrase: 'x', note: 'y' }]],
    ['an empty phrase', [{ kind: 'ban', phrase: '   ' }]],
    ['punctuation alone', [{ kind: 'ban', phrase: '!!' }]],
    ['a term too long', [{ kind: 'ban', phrase: 'a'.repeat(STYLE_TERM_MAX_LENGTH + 1) }]],
    ['a NUL character', [{ kind: 'exact-case', term: 'Redacta\u0000Pro' }]],
    ['no word to avoid', [{ kind: 'prefer', use: 'email', avoid: [] }]],
    [
      'too many words to avoid',
      [
        {
          kind: 'prefer',
          use: 'email',
          avoid: Array.from({ length: STYLE_AVOID_MAX + 1 }, (_, i) => `m${i}`),
        },
      ],
    ],
    ['a limit out of range', [{ kind: 'max-sentence-words', value: 1 }]],
    ['a limit that is not whole', [{ kind: 'max-exclamations', value: 1.5 }]],
    ['another language', [{ kind: 'ban', phrase: 'x', language: 'fr' }]],
    [
      'the same id twice',
      [
        { id: '00000000-0000-4000-8000-000000000001', kind: 'ban', phrase: 'a' },
        { id: '00000000-0000-4000-8000-000000000001', kind: 'ban', phrase: 'b' },
      ],
    ],
    [
      'too many rules',
      Array.from({ length: STYLE_RULES_PER_WORKSPACE + 1 }, (_, i) => ({
        kind: 'ban',
        phrase: `palabra${i}`,
      })),
    ],
  ])('refuses %s with 400 and keeps the saved rules', async (_, rules) => {
    await put(owner, guide);
    const res = await put(owner, rules);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
    expect((await get(owner)).json().rules).toHaveLength(guide.length);
  });

  it('accepts the most rules a workspace may keep', async () => {
    const rules = Array.from({ length: STYLE_RULES_PER_WORKSPACE }, (_, i) => ({
      kind: 'ban',
      phrase: `palabra${i}`,
    }));
    expect((await put(owner, rules)).statusCode).toBe(200);
  });

  it('checks a text for any member, with the rules of its language, at positions in the text as sent', async () => {
    const { rules } = (await put(owner, guide)).json() as { rules: { id: string }[] };
    const text = '  Un producto REVOLUCIONARIO: escríbenos un Mail sobre redacta pro!!';
    const res = await check(member, { text, language: 'es' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().violations).toEqual([
      {
        ruleId: rules[4]!.id,
        kind: 'max-exclamations',
        start: 2,
        end: 68,
        found: text.trim(),
        suggestion: null,
      },
      { ruleId: rules[1]!.id, kind: 'ban', start: 14, end: 28, found: 'REVOLUCIONARIO', suggestion: '' },
      { ruleId: rules[0]!.id, kind: 'prefer', start: 44, end: 48, found: 'Mail', suggestion: 'Email' },
      {
        ruleId: rules[2]!.id,
        kind: 'exact-case',
        start: 55,
        end: 66,
        found: 'redacta pro',
        suggestion: 'Redacta Pro',
      },
    ]);
    const english = await check(member, { text, language: 'en' });
    expect(english.json().violations.map((v: { kind: string }) => v.kind)).toEqual([
      'max-exclamations',
      'ban',
      'prefer',
    ]);
  });

  it('refuses a check without a language or with an unstorable text', async () => {
    expect((await check(member, { text: 'hola' })).statusCode).toBe(400);
    expect((await check(member, { text: 'ho\u0000la', language: 'es' })).statusCode).toBe(400);
    expect((await check(member, { text: 'hola', language: 'es', extra: 1 })).statusCode).toBe(400);
  });
});
