import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { App } from '../../src/app.ts';
import { createUser } from '../helpers/factories.ts';
import { insertFolder, insertProject } from '../helpers/project-factories.ts';
import { createLoggedTestApp, errorLines, type LogLine } from './logged-app.ts';

let app: App;
let log: LogLine[];
beforeEach(async () => {
  ({ app, log } = await createLoggedTestApp());
});
afterEach(() => app.close());

const cursorOf = (parts: unknown) => Buffer.from(JSON.stringify(parts)).toString('base64url');
const id = '0c8e6a8e-6d5b-4f0a-9d57-3a7f9b1c2d3e';

describe('project list cursors', () => {
  it('refuses tampered cursors with 400 CURSOR_INVALID on every project list, and real ones still page', async () => {
    const ana = await createUser(app);
    const folder = await insertFolder(app, ana);
    for (let i = 0; i < 3; i++) {
      await insertProject(app, ana, { name: `Sin carpeta ${i}` });
      await insertProject(app, ana, { name: `En carpeta ${i}`, folderId: folder.id });
    }
    const lists = [
      `/api/workspace/${ana.workspaceId}/projects`,
      `/api/workspace/${ana.workspaceId}/projects/no-folder`,
      `/api/folder/${folder.id}/projects`,
    ];
    const tampered = {
      'an impossible timestamp': ['createdAt', 'desc', '9999-99-99 99:99:99+00', id],
      'the 30th of February': ['createdAt', 'desc', '2026-02-30 10:00:00+00', id],
      'hour 24': ['createdAt', 'desc', '2026-06-01 24:00:00+00', id],
      'year zero': ['createdAt', 'desc', '0000-06-01 10:00:00+00', id],
      'an offset of 16 hours': ['createdAt', 'desc', '2026-06-01 10:00:00+16', id],
      'an id of 36 dashes': ['createdAt', 'desc', '2026-06-01 10:00:00.123456+00', '-'.repeat(36)],
      'an id that is not hexadecimal': ['createdAt', 'desc', '2026-06-01 10:00:00+00', 'z'.repeat(36)],
      'an unknown sort key': ['size', 'desc', '2026-06-01 10:00:00+00', id],
      'an unknown order': ['createdAt', 'sideways', '2026-06-01 10:00:00+00', id],
      'a name with NUL': ['name', 'asc', 'a\u0000b', id],
      'a name with half a character': ['name', 'asc', 'a\ud83d', id],
      'a number for the key': ['createdAt', 'desc', 20260601, id],
      'an extra part': ['createdAt', 'desc', '2026-06-01 10:00:00+00', id, 'x'],
      'an object': { sort: 'createdAt' },
    };
    for (const url of lists) {
      for (const [why, parts] of Object.entries(tampered)) {
        const sort = Array.isArray(parts) && parts[0] === 'name' ? 'name&order=asc' : 'createdAt';
        const res = await app.inject({
          url: `${url}?sort=${sort}&cursor=${cursorOf(parts)}`,
          headers: ana.auth,
        });
        expect(res.statusCode, `${url}: ${why}`).toBe(400);
        expect(res.json(), `${url}: ${why}`).toEqual({
          error: { code: 'CURSOR_INVALID', message: expect.any(String), requestId: expect.any(String) },
        });
      }
      // Cursors the list gave out still work, whatever the sort.
      for (const query of ['sort=createdAt', 'sort=updatedAt&order=asc', 'sort=name&order=asc']) {
        const first = await app.inject({ url: `${url}?${query}&limit=2`, headers: ana.auth });
        const next = await app.inject({
          url: `${url}?${query}&limit=2&cursor=${first.json().nextCursor}`,
          headers: ana.auth,
        });
        expect(next.statusCode, `${url}?${query}`).toBe(200);
        expect(next.json().items.length, `${url}?${query}`).toBeGreaterThan(0);
      }
    }
    expect(errorLines(log)).toEqual([]);
  });
});
