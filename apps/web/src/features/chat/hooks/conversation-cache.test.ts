import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { ConversationEntry, ConversationPage } from '@redacta/shared';
import { chatKeys } from '../api/chat-keys';
import type { ConversationPages } from '../api/use-conversation';
import { entry } from '../test/chat-fixtures';
import {
  appendEntries,
  editReply,
  entriesOf,
  keepNewestPage,
  setReaction,
  showVersion,
  withNewestPage,
} from './conversation-cache';

const PROJECT = '11111111-1111-4111-8111-111111111111';
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** Request `n` and its reply, as the server lists them. */
function exchange(n: number): ConversationEntry[] {
  return [
    entry({ id: id(2 * n), role: 'user', content: `Petición ${n}` }),
    entry({ id: id(2 * n + 1), role: 'assistant', content: `Respuesta ${n}` }),
  ];
}

function page(from: number, to: number, nextCursor: string | null): ConversationPage {
  const entries = [];
  for (let n = from; n < to; n++) entries.push(...exchange(n));
  return { projectId: PROJECT, entries, hasMore: nextCursor !== null, nextCursor };
}

/** Exchanges 0–5 read in three pages, the newest first. */
const cached: ConversationPages = {
  pages: [page(4, 6, 'c2'), page(2, 4, 'c1'), page(0, 2, null)],
  pageParams: [null, 'c2', 'c1'],
};
const contents = (entries: ConversationEntry[]) => entries.map((e) => e.content);

function clientWith(pages: ConversationPages) {
  const client = new QueryClient();
  client.setQueryData(chatKeys.conversation(PROJECT), pages);
  return client;
}
const read = (client: QueryClient) => client.getQueryData<ConversationPages>(chatKeys.conversation(PROJECT))!;

describe('the cached pages of a conversation', () => {
  it('read in order: the oldest page first, each oldest entry first', () => {
    expect(contents(entriesOf(cached))).toEqual(
      [0, 1, 2, 3, 4, 5].flatMap((n) => [`Petición ${n}`, `Respuesta ${n}`]),
    );
    expect(entriesOf(undefined)).toEqual([]);
  });

  it('take a finished exchange at the end of the newest page', () => {
    const client = clientWith(cached);
    appendEntries(client, PROJECT, exchange(6));
    expect(contents(entriesOf(read(client))).slice(-3)).toEqual(['Respuesta 5', 'Petición 6', 'Respuesta 6']);
    expect(read(client).pages[1]).toBe(cached.pages[1]);
  });

  it('do not add an exchange the newest page already holds (read again by the live conversation first)', () => {
    const client = clientWith(cached);
    appendEntries(client, PROJECT, exchange(6));
    const once = read(client);
    appendEntries(client, PROJECT, exchange(6));
    expect(read(client)).toBe(once);
  });

  it('start a page of their own for the first exchange of an empty conversation', () => {
    const client = new QueryClient();
    appendEntries(client, PROJECT, exchange(0));
    expect(read(client)).toEqual({ pages: [page(0, 1, null)], pageParams: [null] });
  });

  it('change only the entry a reaction is for: the others, and the other pages, stay the same objects', () => {
    const client = clientWith(cached);
    setReaction(client, PROJECT, id(5), 'up');
    const after = read(client);
    expect(after.pages[1]!.entries[1]).toMatchObject({ id: id(5), reaction: 'up' });
    expect(after.pages[1]!.entries[0]).toBe(cached.pages[1]!.entries[0]);
    expect(after.pages[0]).toBe(cached.pages[0]);
    expect(after.pages[2]).toBe(cached.pages[2]);
  });

  it("take a reply's saved style fixes on an older page, in its place, the other pages untouched", () => {
    const client = clientWith(cached);
    editReply(client, PROJECT, id(3), { content: 'Respuesta 1, corregida', ignoredFindings: ['regla:x'] });
    const after = read(client);
    expect(after.pages[2]!.entries[3]).toMatchObject({
      id: id(3),
      content: 'Respuesta 1, corregida',
      ignoredFindings: ['regla:x'],
    });
    expect(after.pages[2]!.entries[1]).toBe(cached.pages[2]!.entries[1]);
    expect(after.pages[0]).toBe(cached.pages[0]);
    expect(after.pages[1]).toBe(cached.pages[1]);
    // Ignoring later keeps the text; an unknown reply changes nothing.
    editReply(client, PROJECT, id(3), { ignoredFindings: ['regla:x', 'regla:y'] });
    expect(entriesOf(read(client))[3]).toMatchObject({
      content: 'Respuesta 1, corregida',
      ignoredFindings: ['regla:x', 'regla:y'],
    });
    const before = read(client);
    editReply(client, PROJECT, id(98), { content: 'Nada' });
    expect(read(client)).toBe(before);
  });

  it('show another version of a reply on an older page, in its place', () => {
    const reply = cached.pages[2]!.entries[1]!;
    const earlier = { ...reply, id: id(99), content: 'Respuesta 0, antes' };
    const version = ({
      id: versionId,
      content,
      status,
      model,
      demo,
      wordsCharged,
      createdAt,
      reaction,
    }: ConversationEntry) => ({
      id: versionId,
      content,
      status,
      model,
      demo,
      wordsCharged,
      createdAt,
      reaction,
    });
    const withVersions: ConversationPages = {
      ...cached,
      pages: [
        ...cached.pages.slice(0, 2),
        {
          ...cached.pages[2]!,
          entries: [
            cached.pages[2]!.entries[0]!,
            { ...reply, versions: [version(earlier), version(reply)] },
            ...cached.pages[2]!.entries.slice(2),
          ],
        },
      ],
    };
    const client = clientWith(withVersions);
    showVersion(client, PROJECT, id(99));
    const entries = entriesOf(read(client));
    expect(entries[1]).toMatchObject({ id: id(99), content: 'Respuesta 0, antes' });
    expect(entries[1]!.versions.map((v) => v.id)).toEqual([id(99), id(1)]);
    expect(read(client).pages[0]).toBe(cached.pages[0]);
  });
});

describe('the newest page read again after a reply', () => {
  it('replaces the newest entries from its oldest one on, keeping the older pages and unchanged objects', () => {
    // The client showed exchange 6 under local ids; the server names them and the newest page now
    // starts one exchange later (exchange 4 moved to the next older page on the server).
    const local = [
      entry({ id: 'local-1', role: 'user', content: 'Petición 6' }),
      entry({ id: 'local-2', role: 'assistant', content: 'Respuesta 6' }),
    ];
    const shown: ConversationPages = {
      ...cached,
      pages: [
        { ...cached.pages[0]!, entries: [...cached.pages[0]!.entries, ...local] },
        ...cached.pages.slice(1),
      ],
    };
    const fresh = page(5, 7, 'c3');
    const merged = withNewestPage(shown, fresh);

    expect(contents(entriesOf(merged))).toEqual(
      [0, 1, 2, 3, 4, 5, 6].flatMap((n) => [`Petición ${n}`, `Respuesta ${n}`]),
    );
    const newest = merged.pages[0]!.entries;
    expect(newest.slice(-2).map((e) => e.id)).toEqual([id(12), id(13)]);
    // Exchange 4 stays where it was read, and so does the newest page's cursor to older entries.
    expect(newest[0]).toBe(cached.pages[0]!.entries[0]);
    expect(merged.pages[0]!.nextCursor).toBe('c2');
    // Exchange 5, answered the same, keeps its objects: its rows do not render again.
    expect(newest[2]).toBe(cached.pages[0]!.entries[2]);
    expect(newest[3]).toBe(cached.pages[0]!.entries[3]);
    expect(merged.pages.slice(1)).toEqual(cached.pages.slice(1));
    expect(merged.pageParams).toBe(cached.pageParams);
  });

  it('stands alone when it does not reach back to what is cached (many entries came from elsewhere)', () => {
    const fresh = page(40, 42, 'c9');
    expect(withNewestPage(cached, fresh)).toEqual({ pages: [fresh], pageParams: [null] });
  });

  it('keeps only the newest page when the reader leaves, so coming back reads one page', () => {
    const client = clientWith(cached);
    keepNewestPage(client, PROJECT);
    expect(read(client)).toEqual({ pages: [cached.pages[0]], pageParams: [null] });
  });
});
