import type { FastifyReply } from 'fastify';

/**
 * An abort signal that fires when the client goes away before the reply is finished. Only the
 * response's 'close' tells that: the request's own 'close' (and request.signal) fire as soon as the
 * body is read. Call `release` once the work is done.
 */
export function abortWhenClientLeaves(reply: FastifyReply) {
  const controller = new AbortController();
  const onClose = () => {
    if (!reply.raw.writableFinished) controller.abort();
  };
  reply.raw.on('close', onClose);
  return { signal: controller.signal, release: () => reply.raw.off('close', onClose) };
}

/** Runs `work` with a signal that fires if the client leaves before it is done. */
export async function whileClientWaits<T>(
  reply: FastifyReply,
  work: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const client = abortWhenClientLeaves(reply);
  try {
    return await work(client.signal);
  } finally {
    client.release();
  }
}
