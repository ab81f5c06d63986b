import type { FastifyReply } from 'fastify';

/**
 * An abort signal that fires when the client goes away before the reply is finished. Only the
 * response's 'close' tells that: the request's own 'close' (and request.signal) fire as soon as the
 * body is read (DESIGN §6). Call `release` once the work is done.
 */
export function abortWhenClientLeaves(reply: FastifyReply) {
  const controller = new AbortController();
  const onClose = () => {
    if (!reply.raw.writableFinished) controller.abort();
  };
  reply.raw.on('close', onClose);
  return { signal: controller.signal, release: () => reply.raw.off('close', onClose) };
}
