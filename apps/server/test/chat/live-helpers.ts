import { readLiveConversation, type LiveConversationPart } from '@redacta/shared';
import type { TestUser } from '../helpers/factories.ts';

export interface Follower {
  /** Every part received so far, with when it arrived. */
  parts: { part: LiveConversationPart; at: number }[];
  /** Resolves with the first part (received or to come) that matches. */
  until(match: (part: LiveConversationPart) => boolean, timeoutMs?: number): Promise<LiveConversationPart>;
  /** Resolves when the stream ends, however it ends. */
  ended: Promise<void>;
  /** The text of a reply as this follower has it: the snapshot's text, then the pieces after it. */
  textOf(userEntryId: string): string;
  leave(): void;
}

/** Opens `GET /project/{id}/conversation/live` as `user` and reads it in the background. */
export async function follow(base: string, user: TestUser, projectId: string): Promise<Follower> {
  const controller = new AbortController();
  const res = await fetch(`${base}/api/project/${projectId}/conversation/live`, {
    headers: user.auth,
    signal: controller.signal,
  });
  if (res.status !== 200) throw new Error(`follow answered ${res.status}`);
  const parts: Follower['parts'] = [];
  const waiters: {
    match: (part: LiveConversationPart) => boolean;
    resolve: (p: LiveConversationPart) => void;
  }[] = [];
  const ended = (async () => {
    try {
      for await (const part of readLiveConversation(res.body!)) {
        parts.push({ part, at: Date.now() });
        for (const waiter of [...waiters]) {
          if (waiter.match(part)) {
            waiters.splice(waiters.indexOf(waiter), 1);
            waiter.resolve(part);
          }
        }
      }
    } catch {
      // Left, or the server closed the connection: the parts received say what happened.
    }
  })();
  return {
    parts,
    ended,
    until(match, timeoutMs = 5000) {
      const found = parts.find(({ part }) => match(part));
      if (found) return Promise.resolve(found.part);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no such live part in time')), timeoutMs);
        waiters.push({
          match,
          resolve: (part) => {
            clearTimeout(timer);
            resolve(part);
          },
        });
      });
    },
    textOf(userEntryId) {
      let text = '';
      for (const { part } of parts) {
        if (part.type === 'replies') {
          text = part.replies.find((reply) => reply.userEntryId === userEntryId)?.text ?? text;
        } else if (part.type === 'text' && part.userEntryId === userEntryId) text += part.text;
      }
      return text;
    },
    leave: () => controller.abort(),
  };
}
