import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Plan } from '@redacta/shared';
import { usageCounters } from '../../src/db/schema.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createUser, setPlan, type TestUser } from '../helpers/factories.ts';
import { createTeam, insertFolder, insertProject } from '../helpers/project-factories.ts';

/*
 * The chat checks membership, project visibility and the word allowance inside one database call
 * (open_chat_turn); every other route checks them in TypeScript. Both are meant to ask the same
 * definitions (member_role, project_visible, monthlyLimit), so for any setup the chat refuses exactly
 * when, and as, the other routes do. A rule changed on one side only makes a row of this table fail.
 */

const FREE_PLAN_WORDS = 120;

type Who = 'owner' | 'member' | 'teammate' | 'outsider';

interface Answer {
  status: number;
  code?: string;
}

const allowed: Answer = { status: 200 };
const absent: Answer = { status: 404, code: 'NOT_FOUND' };
const noWords: Answer = { status: 403, code: 'NO_WORDS_LEFT' };

const below = FREE_PLAN_WORDS - 1;
const at = FREE_PLAN_WORDS;
const far = FREE_PLAN_WORDS * 50;

/** Who asks, whose project in the owner's workspace, shared or not, the plan, words used this month. */
type Setup = [actor: Who, creator: Exclude<Who, 'outsider'>, shared: boolean, plan: Plan, used: number];

// prettier-ignore
const setups: [...Setup, expected: Answer][] = [
  // Who may see a project.
  ['owner',    'owner',    false, 'free',        0,        allowed],
  ['member',   'member',   false, 'free',        0,        allowed],
  ['member',   'teammate', true,  'free',        0,        allowed],
  ['member',   'teammate', false, 'free',        0,        absent],
  ['owner',    'member',   false, 'pro_monthly', 0,        absent],
  ['owner',    'member',   true,  'free',        0,        allowed],
  // Who belongs to the workspace.
  ['outsider', 'owner',    true,  'enterprise',  0,        absent],
  ['outsider', 'owner',    false, 'free',        0,        absent],
  // How many words each plan allows.
  ['member',   'member',   false, 'free',        below,    allowed],
  ['member',   'member',   false, 'free',        at,       noWords],
  ['owner',    'owner',    false, 'free',        at + 40,  noWords],
  ['member',   'teammate', true,  'pro_monthly', far,      allowed],
  ['owner',    'owner',    false, 'pro_yearly',  far,      allowed],
  ['owner',    'owner',    false, 'enterprise',  far,      allowed],
  // A project the user may not see is absent before the allowance is looked at, on both sides.
  ['member',   'teammate', false, 'free',        at,       absent],
];

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ FREE_PLAN_WORDS: String(FREE_PLAN_WORDS) });
});
afterEach(() => t.app.close());

/** Sets this month's counter of the workspace, as if that many words had been charged. */
async function setWordsUsed(workspaceId: string, wordCount: number) {
  const period = new Date().toISOString().slice(0, 7);
  await t.app.db
    .insert(usageCounters)
    .values({ workspaceId, period, wordCount })
    .onConflictDoUpdate({ target: [usageCounters.workspaceId, usageCounters.period], set: { wordCount } });
}

function answerOf(res: { statusCode: number; json: () => { error?: { code: string } } }): Answer {
  return res.statusCode < 300 ? { status: 200 } : { status: res.statusCode, code: res.json().error?.code };
}

/** A case's name: "member → teammate's private project, free plan, 120 words used". */
function title(actor: Who, creator: Who, shared: boolean, plan: Plan, used: number): string {
  return `${actor} → ${creator}'s ${shared ? 'shared' : 'private'} project, ${plan} plan, ${used} words used`;
}

describe('the chat and the other routes apply the same access and allowance rules', () => {
  it.each(setups.map((row) => [title(...(row.slice(0, 5) as Setup)), ...row] as const))(
    '%s',
    async (_title, actorRole, creator, shared, plan, used, expected) => {
      const team = await createTeam(t.app);
      const people: Record<Who, TestUser> = {
        owner: team.owner,
        member: team.member,
        teammate: team.other,
        outsider: await createUser(t.app),
      };
      await setPlan(t.app, team.workspaceId, plan);
      const folder = await insertFolder(t.app, team.owner);
      const project = await insertProject(t.app, people[creator], {
        workspaceId: team.workspaceId,
        isShared: shared,
        folderId: folder.id,
      });
      const actor = people[actorRole];
      const ask = (method: 'GET' | 'POST', url: string, payload?: object) =>
        t.app.inject({ method, url: `/api${url}`, headers: actor.auth, payload });

      // The TypeScript paths: membership, the project page, then the allowance before an AI call.
      const usage = await ask('GET', `/workspace/${team.workspaceId}/usage`);
      const page = await ask('GET', `/project/${project.id}`);
      await setWordsUsed(team.workspaceId, used);
      const improve = await ask('POST', '/chat/improve', {
        workspaceId: team.workspaceId,
        text: 'un eslogan',
      });
      const routes = [usage, page, improve].map(answerOf).find((answer) => answer.status !== 200) ?? allowed;

      // The chat turn, from the same state, in its one database call.
      await setWordsUsed(team.workspaceId, used);
      const chat = await ask('POST', '/chat/send-request-stream', {
        workspaceId: team.workspaceId,
        projectId: project.id,
        message: 'Escribe un eslogan',
      });

      expect({ chat: answerOf(chat), routes }).toEqual({ chat: expected, routes: expected });

      if (usage.statusCode !== 200) return;
      // The lists show the project exactly when its page opens.
      const visible = page.statusCode === 200 ? [project.id] : [];
      const ids = (res: { json: () => { items: { id: string }[] } }) => res.json().items.map((p) => p.id);
      expect(ids(await ask('GET', `/workspace/${team.workspaceId}/projects`))).toEqual(visible);
      expect(ids(await ask('GET', `/folder/${folder.id}/projects`))).toEqual(visible);
      expect((await ask('GET', `/workspace/${team.workspaceId}/folders`)).json()).toMatchObject([
        { id: folder.id, projectCount: visible.length },
      ]);
      // The usage the workspace shows has nothing left exactly when the allowance refuses.
      await setWordsUsed(team.workspaceId, used);
      const remaining = (await ask('GET', `/workspace/${team.workspaceId}/usage`)).json().remaining;
      expect(remaining === 0).toBe(improve.statusCode === 403);
    },
  );
});
