import { describe, expect, it } from 'vitest';
import { applyLivePart, type LiveExchange } from './live-exchanges';

const ENTRY = '33333333-3333-4333-8333-333333333333';
const sender = { id: '11111111-1111-4111-8111-111111111111', name: 'Ana' };
const reply = (variant?: number) => ({
  userEntryId: ENTRY,
  sender,
  message: 'Dos eslóganes',
  regenerate: false,
  text: '',
  ...(variant === undefined ? {} : { variant }),
});

describe('following versions written side by side', () => {
  it('follows the first version and leaves the others to the saved reply', () => {
    let exchanges: LiveExchange[] = [];
    exchanges = applyLivePart(exchanges, { type: 'request', reply: reply(0) });
    exchanges = applyLivePart(exchanges, { type: 'request', reply: reply(1) });
    exchanges = applyLivePart(exchanges, {
      type: 'text',
      userEntryId: ENTRY,
      seq: 0,
      text: 'Uno',
      variant: 0,
    });
    exchanges = applyLivePart(exchanges, {
      type: 'text',
      userEntryId: ENTRY,
      seq: 0,
      text: 'Otro',
      variant: 1,
    });
    exchanges = applyLivePart(exchanges, { type: 'end', userEntryId: ENTRY, messageId: null, variant: 1 });
    expect(exchanges).toEqual([{ ...reply(0), text: 'Uno', ended: false }]);
    exchanges = applyLivePart(exchanges, { type: 'end', userEntryId: ENTRY, messageId: null, variant: 0 });
    expect(exchanges[0]!.ended).toBe(true);
    expect(
      applyLivePart([], {
        type: 'replies',
        replies: [
          { ...reply(0), text: 'a' },
          { ...reply(1), text: 'b' },
        ],
      }),
    ).toEqual([{ ...reply(0), text: 'a', ended: false }]);
  });
});
