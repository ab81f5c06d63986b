import { describe, expect, it } from 'vitest';
import { feedRows } from '../components/feed-rows';
import { applyLivePart, withoutEndedExchange, type LiveExchange } from './live-exchanges';

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
  it('follows every version, each with its text, and the exchange ends once all of them are saved', () => {
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
    expect(exchanges).toHaveLength(1);
    expect(exchanges[0]).toMatchObject({
      message: 'Dos eslóganes',
      versions: [
        { text: 'Uno', ended: false },
        { text: 'Otro', ended: true },
      ],
      ended: false,
    });
    // Not dropped while a version is still being written.
    expect(withoutEndedExchange(exchanges, ENTRY)).toEqual(exchanges);
    exchanges = applyLivePart(exchanges, { type: 'end', userEntryId: ENTRY, messageId: null, variant: 0 });
    expect(exchanges[0]!.ended).toBe(true);
    expect(withoutEndedExchange(exchanges, ENTRY)).toEqual([]);
  });

  it('takes every version from a snapshot, and they are drawn side by side', () => {
    const exchanges = applyLivePart([], {
      type: 'replies',
      replies: [
        { ...reply(0), text: 'a' },
        { ...reply(1), text: 'b' },
      ],
    });
    expect(exchanges).toEqual([
      {
        userEntryId: ENTRY,
        sender,
        message: 'Dos eslóganes',
        regenerate: false,
        versions: [
          { text: 'a', ended: false },
          { text: 'b', ended: false },
        ],
        ended: false,
      },
    ]);
    const [request, row] = feedRows([], null, exchanges);
    expect(request).toMatchObject({ kind: 'request', content: 'Dos eslóganes', author: 'Ana' });
    expect(row).toMatchObject({
      kind: 'versions',
      streaming: true,
      versions: [
        { text: 'a', status: null },
        { text: 'b', status: null },
      ],
    });
  });
});
