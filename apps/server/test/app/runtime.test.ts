import { describe, expect, it } from 'vitest';

describe('the runtime', () => {
  // npm scripts run node_modules/.bin/node (Node 24 from the npm registry) before the machine's own.
  it('runs the tests on Node 24 or later, whatever Node the machine has', () => {
    expect(Number(process.versions.node.split('.')[0])).toBeGreaterThanOrEqual(24);
  });
});
