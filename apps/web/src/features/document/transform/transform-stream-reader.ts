/**
 * The transform stream's reader, a chunk of its own loaded with each transform request (see
 * openTransformStream): it checks every part against the shared schema, which brings zod, and the
 * chat's first load, where a reply's banned-phrase fix starts a transform, does without it.
 */
export { readTransformStream } from '@redacta/shared';
