import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import type { DocumentContent } from '@redacta/shared';
import { documents, memberships, users } from '../src/db/schema.ts';
import { createProjectOver, signUpOver } from '../test/ops/child-server.ts';
import { openLiveEditor, tokensOf, type LiveEditor } from './live-editor.ts';
import { startCluster, type Cluster, type Instance } from './start-cluster.ts';

let cluster: Cluster;
beforeAll(async () => {
  cluster = await startCluster();
});
afterAll(() => cluster?.stop());

const editors: LiveEditor[] = [];
afterEach(() => editors.splice(0).forEach((editor) => editor.destroy()));

const json = { 'content-type': 'application/json' };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** The token every document of these tests starts with, so editors have a text to write in. */
const FIRST = '[S000]';

async function until(
  check: () => boolean | Promise<boolean>,
  what: string | (() => string),
  timeoutMs = 60_000,
) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) {
      const described = typeof what === 'string' ? what : what();
      throw new Error(`${described} did not happen within ${timeoutMs} ms:\n${cluster.logs()}`);
    }
    await sleep(25);
  }
}

/**
 * An owner and a teammate (a member of the owner's workspace, as an accepted invitation makes them)
 * and a project the owner shares with the workspace, whose document holds FIRST: set up through nginx.
 */
async function sharedProject(label: string) {
  const owner = await signUpOver(cluster.url, cluster.sink, `${label}-owner@example.com`);
  const teammate = await signUpOver(cluster.url, cluster.sink, `${label}-teammate@example.com`);
  const [member] = await cluster.database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, `${label}-teammate@example.com`));
  await cluster.database.db
    .insert(memberships)
    .values({ workspaceId: owner.workspaceId, userId: member!.id, role: 'member' });
  const projectId = await createProjectOver(cluster.url, owner.auth, owner.workspaceId);
  const shared = await fetch(`${cluster.url}/api/project/${projectId}/share-to-workspace`, {
    method: 'PATCH',
    headers: owner.auth,
  });
  expect(await shared.json()).toMatchObject({ isShared: true });
  const read = await fetch(`${cluster.url}/api/project/${projectId}/document`, { headers: owner.auth });
  const { updatedAt } = (await read.json()) as { updatedAt: string };
  const content: DocumentContent = {
    type: 'doc',
    content: [{ type: 'paragraph', content: [{ type: 'text', text: FIRST }] }],
  };
  const written = await fetch(`${cluster.url}/api/project/${projectId}/document`, {
    method: 'PATCH',
    headers: { ...owner.auth, ...json },
    body: JSON.stringify({ content, updatedAt }),
  });
  expect(written.status).toBe(200);
  const tokenOf = (auth: Record<string, string>) => auth.authorization!.replace('Bearer ', '');
  return {
    projectId,
    owner: { ...owner, token: tokenOf(owner.auth) },
    teammate: { ...teammate, token: tokenOf(teammate.auth) },
  };
}

/** A new editor through nginx, once it has synced. */
async function editorOn(projectId: string, token: string, letter: string) {
  const editor = openLiveEditor({ url: cluster.url, projectId, token, letter });
  editors.push(editor);
  await until(() => editor.provider.synced, `editor ${letter} to sync`);
  return editor;
}

const instanceAt = (upstream: string | undefined) =>
  cluster.instances.find((instance) => upstream === `127.0.0.1:${instance.port}`);

/** The first paragraph's text as stored in the database. */
async function storedText(projectId: string) {
  const [row] = await cluster.database.db
    .select({ content: documents.content })
    .from(documents)
    .where(eq(documents.projectId, projectId));
  const paragraph = (row!.content as { content: { content?: { text: string }[] }[] }).content[0]!;
  return (paragraph.content ?? []).map((node) => node.text).join('');
}

/** Every copy settled and identical; the tokens, each expected one exactly once and nothing else. */
async function converged(copies: LiveEditor[]) {
  const expected = [FIRST, ...copies.flatMap((editor) => [...editor.kept()])].sort();
  await until(
    () =>
      copies.every((editor) => editor.settled()) &&
      copies.every((editor) => tokensOf(editor.doc).join('') === tokensOf(copies[0]!.doc).join('')),
    () =>
      `the copies to converge (${copies
        .map(
          (editor) =>
            `${editor.provider.synced ? 'synced' : 'not synced'}, ${editor.provider.unsyncedChanges} unsynced, ` +
            `${tokensOf(editor.doc).length} tokens, refused ${JSON.stringify(editor.refusals)}, ` +
            `nginx answers from ${editor.upstreams.join(' then ')}`,
        )
        .join('; ')})`,
  );
  const text = tokensOf(copies[0]!.doc);
  expect([...text].sort()).toEqual(expected);
  return text.join('');
}

it('converges two editors that nginx put on different instances, and stores what they both see', async () => {
  const { projectId, owner, teammate } = await sharedProject('converge');
  const ana = await editorOn(projectId, owner.token, 'A');
  const ben = await editorOn(projectId, teammate.token, 'B');
  // Counting the open WebSocket, nginx gives the second editor to the other instance.
  expect(ana.upstreams).toHaveLength(1);
  expect(instanceAt(ana.upstreams[0])).toBeDefined();
  expect(instanceAt(ben.upstreams[0])).toBe(cluster.other(instanceAt(ana.upstreams[0])!));

  // 300 changes each, a quarter of them deletions, interleaved with the other's as they arrive.
  for (let i = 0; i < 300; i += 1) {
    for (const editor of [ana, ben]) {
      if (Math.random() < 0.25) editor.deleteOwnToken();
      else editor.insertToken();
    }
    if (i % 5 === 0) await sleep(2);
  }
  const text = await converged([ana, ben]);

  // Each instance serves its live copy, the same; once both editors leave, the same is stored.
  for (const instance of cluster.instances) {
    const read = await fetch(`${instance.url}/api/project/${projectId}/document`, { headers: owner.auth });
    const live = (await read.json()) as { content: DocumentContent };
    expect(live.content.content[0]).toEqual({ type: 'paragraph', content: [{ type: 'text', text }] });
  }
  ana.destroy();
  ben.destroy();
  await until(async () => (await storedText(projectId)) === text, 'the document to be stored');
});

it('closes a teammate on one instance within a second when the owner turns the project private on the other', async () => {
  const { projectId, owner, teammate } = await sharedProject('private');
  const ben = await editorOn(projectId, teammate.token, 'B');
  const benOn = instanceAt(ben.upstreams[0])!;
  const started = Date.now();
  const turned = await fetch(`${cluster.other(benOn).url}/api/project/${projectId}/share-to-workspace`, {
    method: 'PATCH',
    headers: owner.auth,
  });
  expect(await turned.json()).toMatchObject({ isShared: false });
  await until(() => ben.refusals.includes('forbidden'), 'the teammate to be closed', 1_000);
  expect(Date.now() - started).toBeLessThan(1_000 + 200);
});

it('loses nothing while both instances restart one after the other under active editing', async () => {
  const { projectId, owner, teammate } = await sharedProject('rolling');
  const copies = [
    await editorOn(projectId, owner.token, 'A'),
    await editorOn(projectId, teammate.token, 'B'),
    await editorOn(projectId, owner.token, 'C'),
    await editorOn(projectId, teammate.token, 'D'),
  ];
  const startedOn = copies.map((editor) => instanceAt(editor.upstreams[0]));
  expect(new Set(startedOn).size).toBe(2);

  // Each editor changes the document every 150-300 ms (a word every few keystrokes of a fast typist),
  // through both restarts.
  let typing = true;
  const typists = copies.map(async (editor) => {
    while (typing) {
      if (Math.random() < 0.2) editor.deleteOwnToken();
      else editor.insertToken();
      await sleep(150 + Math.random() * 150);
    }
  });

  const restartOne = async (instance: Instance) => {
    const run = instance.server;
    run.process.kill('SIGTERM');
    expect(await run.exited, run.output()).toBe(0);
    expect(run.lines.some((line) => line.msg === 'could not store a live document on close')).toBe(false);
    await cluster.restart(instance);
    expect((await fetch(`${instance.url}/readyz`)).status).toBe(200);
    // As docs/deploy.md's rolling restart does: nginx may count the instance as failed for 10 s.
    await sleep(10_000);
  };
  await sleep(1_000);
  for (const instance of cluster.instances) await restartOne(instance);
  await sleep(1_000);
  typing = false;
  await Promise.all(typists);

  // Every editor was moved to the other instance at least once, and all are back in one document.
  for (const editor of copies) expect(editor.upstreams.length).toBeGreaterThan(1);
  const text = await converged(copies);
  for (const editor of copies) editor.destroy();
  await until(async () => (await storedText(projectId)) === text, 'the document to be stored');
}, 180_000);
