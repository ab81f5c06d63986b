import { describe, expect, it } from 'vitest';
import { isStorableText } from '../rules/storable-text.ts';
import { IGNORED_FINDING_KEY_MAX_LENGTH } from '../contracts/chat-limits.ts';
import { ignoreKey, IGNORED_FOUND_MAX_CODE_POINTS } from './ignore-key.ts';

const RULE = '00000000-0000-4000-8000-000000000001';

describe('the key an ignored finding is saved under', () => {
  it('is the rule and the words found, storable as text', () => {
    expect(ignoreKey({ ruleId: RULE, found: 'revolucionario' })).toBe(`${RULE}:revolucionario`);
    expect(isStorableText(ignoreKey({ ruleId: RULE, found: 'mail' }))).toBe(true);
  });

  it("cuts a long sentence between characters, never inside one, within the API's limit", () => {
    // An emoji is two UTF-16 units: a cut by units would leave half of one.
    const sentence = '😀'.repeat(IGNORED_FOUND_MAX_CODE_POINTS + 50);
    const key = ignoreKey({ ruleId: RULE, found: sentence });
    expect(isStorableText(key)).toBe(true);
    expect(key).toBe(`${RULE}:${'😀'.repeat(IGNORED_FOUND_MAX_CODE_POINTS)}`);
    expect(key.length).toBeLessThanOrEqual(IGNORED_FINDING_KEY_MAX_LENGTH);
    // Two sentences alike for that long are one finding.
    expect(ignoreKey({ ruleId: RULE, found: `${sentence} y más` })).toBe(key);
  });
});
