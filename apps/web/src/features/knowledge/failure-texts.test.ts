import { describe, expect, it } from 'vitest';
import { knowledgeFailureReasons } from '@redacta/shared';
import { loadEnMessages, loadEsMessages, type Messages } from '@/locales/bundles';

describe('why a source failed', () => {
  it('has its own message for every failure reason, in both languages', async () => {
    const en = await loadEnMessages();
    for (const messages of [await loadEsMessages(), en]) {
      const failure = ((messages.knowledge as Messages).failure ?? {}) as Messages;
      for (const reason of knowledgeFailureReasons)
        expect(failure[reason], reason).toEqual(expect.any(String));
    }
  });
});
