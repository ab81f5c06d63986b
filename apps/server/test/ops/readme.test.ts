import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/*
 * The README is what a newcomer reads first: it opens with the three commands that set the project up
 * on a fresh machine, and stays short enough to read (details live in docs/, linked from it).
 */
const readme = readFileSync(new URL('../../../../README.md', import.meta.url), 'utf8');

describe('README', () => {
  it('opens with exactly the three newcomer commands', () => {
    expect(readme.split('\n').slice(0, 5)).toEqual([
      '```',
      'npm install',
      'npm start        # builds if needed, migrates, serves the app on http://localhost:3000 (PGlite under ./data)',
      'npm test         # the whole suite, browser tests included',
      '```',
    ]);
  });

  it('stays under 200 lines', () => {
    expect(readme.trimEnd().split('\n').length).toBeLessThan(200);
  });
});
