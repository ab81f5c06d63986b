/**
 * BENCH_BRIEF=1, which `npm run bench:check` sets: each benchmark takes its figures the same way but
 * for less time (fewer rounds, shorter holds), so that all of them run in well under an hour. Where a
 * benchmark is already short, its brief run is its full run. docs/benchmarks.md says what brief means
 * for each one.
 */
export const brief = process.env.BENCH_BRIEF === '1';
