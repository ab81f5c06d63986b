/**
 * The live conversation's reader, a chunk of its own loaded when a project opens (see
 * useLiveConversation): it checks every part against the shared schema, which brings zod.
 */
export { readLiveConversation } from '@redacta/shared';
