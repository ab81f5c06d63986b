/**
 * The young generation of the server's JavaScript heaps — its event loop's and its database thread's
 * (PGlite's, `apps/server/src/db/pglite-thread.ts`) — as the size of one of its semi-spaces, in MiB.
 * Node 24 lets each grow to 64 MiB semi-spaces (a 128 MiB new space a thread), and a busy server's
 * old generation grew with it: after a 3,000-row bulk run the server held ~260 MiB more than after
 * 100 rows, 10 s idle, against ~12 MiB with 8 MiB semi-spaces (ADR 0042, docs/benchmarks.md).
 */
export const SEMI_SPACE_MB = 8;

/** The flags every process running the server starts Node with (`npm start`, the benchmarks' servers). */
export const serverNodeFlags = [`--max-semi-space-size=${SEMI_SPACE_MB}`];
