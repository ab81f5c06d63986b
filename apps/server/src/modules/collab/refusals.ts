/**
 * Why the server refuses or ends a live-document connection, with the WebSocket close code it uses
 * (docs/decisions/0015-live-documents.md): the browser tells them apart by the reason text.
 */
export const closeCodes = {
  /** Refresh the access token and connect again: no edit is lost. */
  'token-expired': 4401,
  /** The project is not (or no longer) visible to this user. */
  forbidden: 4403,
  /** An update would have made the document invalid: it was not applied. */
  'invalid-update': 4400,
  /** An update would have made the document larger than allowed: it was not applied. */
  'too-large': 4413,
  /** An update would have grown the document past what its workspace's storage has left: not applied. */
  'storage-full': 4507,
} as const;

export type CloseReason = keyof typeof closeCodes;

/**
 * Thrown from a Hocuspocus hook to refuse with a reason: Hocuspocus sends `reason` to the client (as
 * the permission-denied reason, or in the close message with `code`). The message stays empty so that
 * Hocuspocus does not log an expected refusal as an error.
 */
export class Refusal extends Error {
  readonly code: number;
  constructor(readonly reason: CloseReason) {
    super('');
    this.code = closeCodes[reason];
  }
}
