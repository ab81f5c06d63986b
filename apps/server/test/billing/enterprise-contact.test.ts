import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, testConfig, type TestApp } from '../helpers/app.ts';
import { createUser } from '../helpers/factories.ts';

describe('the Enterprise plan contact address (ENTERPRISE_CONTACT_EMAIL)', () => {
  let t: TestApp;
  afterEach(() => t.app.close());

  it('is in the subscription summary when configured', async () => {
    t = await createTestApp({ ENTERPRISE_CONTACT_EMAIL: 'ventas@example.com' });
    const owner = await createUser(t.app);
    const res = await t.app.inject({
      url: `/api/workspace/${owner.workspaceId}/subscription`,
      headers: owner.auth,
    });
    expect(res.json().enterpriseContactEmail).toBe('ventas@example.com');
  });

  it('is null when not configured (no contact action is offered)', async () => {
    t = await createTestApp({ ENTERPRISE_CONTACT_EMAIL: '' });
    const owner = await createUser(t.app);
    const res = await t.app.inject({
      url: `/api/workspace/${owner.workspaceId}/subscription`,
      headers: owner.auth,
    });
    expect(res.json().enterpriseContactEmail).toBeNull();
  });

  it('stops the start when it is not an e-mail address', () => {
    t = { app: { close: async () => {} } } as unknown as TestApp;
    expect(() => testConfig({ ENTERPRISE_CONTACT_EMAIL: 'sales at example' })).toThrow(
      /ENTERPRISE_CONTACT_EMAIL/,
    );
  });
});
