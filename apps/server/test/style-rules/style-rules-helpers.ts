import { expect } from 'vitest';
import type { StyleRuleInput } from '@redacta/shared';
import type { App } from '../../src/app.ts';
import type { TestUser } from '../helpers/factories.ts';

/** The workspace's style rules replaced by `rules`, through the API as its owner saves them. */
export async function saveStyleRules(app: App, user: TestUser, rules: StyleRuleInput[]) {
  const saved = await app.inject({
    method: 'PUT',
    url: `/api/workspace/${user.workspaceId}/style-rules`,
    headers: user.auth,
    payload: { rules },
  });
  expect(saved.statusCode, saved.body).toBe(200);
}
