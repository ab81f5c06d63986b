import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KNOWLEDGE_FILE_MAX_BYTES } from '@redacta/shared';
import type { AppDeps } from '../../src/app.ts';
import { DISCARD_MAX_BYTES } from '../../src/lib/discard-body.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createUser, type TestUser } from '../helpers/factories.ts';
import { listSources } from './knowledge-helpers.ts';
import { streamUpload } from './http-upload.ts';

const MB = 1024 * 1024;
/**
 * The limit the repeated uploads are refused at: the rule is the same at any size, and sending a body
 * past the real limit (KNOWLEDGE_FILE_MAX_BYTES) forty times takes a busy machine most of a minute.
 * The last test holds the real limit to its bytes.
 */
const LIMIT = 2 * MB;

let t: TestApp;
let base: URL;
let ana: TestUser;
let path: string;

/** The app listening on a free port with the knowledge file limit given, and Ana's upload path. */
function listening(deps: Pick<AppDeps, 'knowledgeFileMaxBytes'>) {
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_KNOWLEDGE_ADDS_PER_HOUR: '1000' }, deps);
    base = new URL(await t.app.listen({ port: 0, host: '127.0.0.1' }));
    ana = await createUser(t.app);
    path = `/api/workspace/${ana.workspaceId}/knowledge`;
  });
  afterAll(async () => {
    t.app.server.closeAllConnections();
    await t.app.close();
  });
}

/** A 413 in our error shape, read whole by a client that went on sending its body to the end. */
const refused = {
  status: 413,
  body: expect.stringContaining('"code":"KNOWLEDGE_FILE_TOO_LARGE"'),
  sentAll: true,
};

async function expectNothingStored() {
  await t.app.knowledge.whenIdle();
  expect((await listSources(t.app, ana)).sources).toEqual([]);
}

describe('the knowledge upload limit, over a real connection', () => {
  listening({ knowledgeFileMaxBytes: LIMIT });

  it.each([
    ['1 MB', MB],
    ['64 kB', 64 * 1024],
  ])(
    'refuses a file 1 MB past the limit sent in %s writes with a readable 413 every time',
    async (_, writeSize) => {
      // With its length declared (refused before reading) and chunked (refused by counting).
      for (const chunked of [false, true]) {
        for (let run = 1; run <= 10; run += 1) {
          const outcome = await streamUpload(base, path, ana.auth, { size: LIMIT + MB, writeSize, chunked });
          expect(outcome, `${chunked ? 'chunked' : 'with its length'}, upload ${run}`).toEqual(refused);
        }
      }
      await expectNothingStored();
    },
  );

  it('counts every byte of the body: a small file followed by more than the limit is refused', async () => {
    for (const chunked of [false, true]) {
      const outcome = await streamUpload(base, path, ana.auth, {
        size: 1024,
        epilogue: LIMIT + MB,
        writeSize: MB,
        chunked,
      });
      expect(outcome, chunked ? 'chunked' : 'with its length').toEqual(refused);
    }
    await expectNothingStored();
  });

  it('answers 413 at once to a body far past the limit, and closes its connection once it has dropped 100 MB', async () => {
    const outcome = await streamUpload(base, path, ana.auth, {
      size: DISCARD_MAX_BYTES + 4 * LIMIT,
      writeSize: MB,
    });
    expect(outcome).toMatchObject({ status: 413, sentAll: false });
    await expectNothingStored();
  });

  it('takes a file of exactly the limit', async () => {
    const bea = await createUser(t.app);
    const outcome = await streamUpload(base, `/api/workspace/${bea.workspaceId}/knowledge`, bea.auth, {
      size: LIMIT,
      writeSize: 64 * 1024,
      chunked: true,
      blankText: true,
    });
    expect(outcome).toMatchObject({ status: 201, sentAll: true });
  });
});

describe('the knowledge upload limit of the product', () => {
  listening({});

  it('refuses a file a byte past KNOWLEDGE_FILE_MAX_BYTES and takes one of exactly that size', async () => {
    const upload = { writeSize: MB, chunked: true, blankText: true } as const;
    expect(
      await streamUpload(base, path, ana.auth, { size: KNOWLEDGE_FILE_MAX_BYTES + 1, ...upload }),
    ).toEqual(refused);
    await expectNothingStored();
    const outcome = await streamUpload(base, path, ana.auth, { size: KNOWLEDGE_FILE_MAX_BYTES, ...upload });
    expect(outcome).toMatchObject({ status: 201, sentAll: true });
  });
});
