/**
 * The chat stream's reader, a chunk of its own loaded with each stream request (see
 * loadChatStreamReader): it checks every part against the shared schema, which brings zod, and the
 * chat's first load does without it.
 */
export { readChatStream } from '@redacta/shared';
