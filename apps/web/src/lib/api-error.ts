import type { ErrorCode } from '@redacta/shared';

/** Codes the client adds to the server's vocabulary for failures that never got an answer. */
export type ClientErrorCode = 'NETWORK' | 'TIMEOUT' | 'ABORTED' | 'UNKNOWN';
export type ApiErrorCode = ErrorCode | ClientErrorCode;

export interface ApiIssue {
  path: string;
  message: string;
}

/** Every failed call becomes one of these: the server's `{error:{code,message,issues?}}` typed. */
export class ApiError extends Error {
  readonly code: ApiErrorCode;
  readonly status: number;
  readonly issues?: ApiIssue[];
  /** When a refusal may be tried again (a 429's `Retry-After`), in seconds. */
  readonly retryAfterSeconds?: number;

  constructor(
    code: ApiErrorCode,
    status: number,
    message: string,
    issues?: ApiIssue[],
    retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
    this.issues = issues;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

function codeForStatus(status: number): ApiErrorCode {
  if (status === 401) return 'UNAUTHENTICATED';
  if (status === 403) return 'FORBIDDEN';
  if (status === 404) return 'NOT_FOUND';
  if (status === 409) return 'CONFLICT';
  if (status === 429) return 'RATE_LIMITED';
  if (status === 400 || status === 422) return 'VALIDATION_FAILED';
  if (status >= 500) return 'INTERNAL';
  return 'UNKNOWN';
}

/** `Retry-After` in seconds; the HTTP-date form is not sent by our server and reads as absent. */
function retryAfterSeconds(response: Response): number | undefined {
  const seconds = Number(response.headers.get('retry-after') ?? '');
  return Number.isInteger(seconds) && seconds > 0 ? seconds : undefined;
}

/** Reads our error shape from a failed response; anything else is classified by status. */
export async function parseErrorResponse(response: Response): Promise<ApiError> {
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    /* not JSON: a proxy page or an empty body */
  }
  const error = (body as { error?: { code?: unknown; message?: unknown; issues?: unknown } } | null)?.error;
  if (error && typeof error.code === 'string') {
    return new ApiError(
      error.code as ApiErrorCode,
      response.status,
      typeof error.message === 'string' ? error.message : response.statusText,
      Array.isArray(error.issues) ? (error.issues as ApiIssue[]) : undefined,
      retryAfterSeconds(response),
    );
  }
  return new ApiError(
    codeForStatus(response.status),
    response.status,
    response.statusText || 'Request failed',
    undefined,
    retryAfterSeconds(response),
  );
}
