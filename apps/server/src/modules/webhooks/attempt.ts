import { FetchRefused, pinnedRequest, type OutboundFailure } from '../../lib/outbound/pinned-request.ts';
import { signedHeaders } from './signing.ts';

/** The most of a receiver's answer read: only its status matters, the rest is read to time the answer. */
const ANSWER_BYTES = 64 * 1024;

export interface AttemptResult {
  succeeded: boolean;
  statusCode: number | null;
  responseMs: number;
  /** Why it failed, in a sentence for the delivery log; null when it succeeded. */
  error: string | null;
}

export interface AttemptInput {
  url: string;
  eventId: string;
  /** The body, sent byte for byte as signed. */
  body: string;
  secrets: readonly string[];
  allowLoopback: boolean;
  timeoutMs: number;
  /** Aborted when the app stops mid-attempt: the attempt then throws, and is not counted as failed. */
  stopped: AbortSignal;
}

/**
 * One signed POST of a delivery through the outbound guard (public addresses only, the DNS answer
 * pinned). A 2xx answer is delivered; any other, redirects included — a webhook does not follow them,
 * so an endpoint that moved is told by its failures — is a failed attempt, as is no answer in time.
 */
export async function sendAttempt(input: AttemptInput): Promise<AttemptResult> {
  const at = new Date();
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  try {
    const answer = await pinnedRequest(input.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Redacta-Webhooks/1',
        ...signedHeaders({ eventId: input.eventId, at, body: input.body, secrets: input.secrets }),
      },
      body: input.body,
      allowLoopback: input.allowLoopback,
      maxBytes: ANSWER_BYTES,
      overflow: 'truncate',
      deadline: AbortSignal.any([AbortSignal.timeout(input.timeoutMs), input.stopped]),
    });
    const succeeded = answer.status >= 200 && answer.status < 300;
    return {
      succeeded,
      statusCode: answer.status,
      responseMs: elapsed(),
      error: succeeded ? null : `The receiver answered ${answer.status}`,
    };
  } catch (error) {
    input.stopped.throwIfAborted();
    if (!(error instanceof FetchRefused)) throw error;
    return {
      succeeded: false,
      statusCode: null,
      responseMs: elapsed(),
      error: failureSentence(error.reason, input.timeoutMs),
    };
  }
}

function failureSentence(reason: OutboundFailure, timeoutMs: number): string {
  switch (reason) {
    case 'ADDRESS_NOT_ALLOWED':
      return 'The address is not on the public internet, so nothing was sent';
    case 'TIMEOUT':
      return `The receiver did not answer within ${Math.round(timeoutMs / 1000)} s`;
    default:
      return 'The receiver could not be reached';
  }
}
