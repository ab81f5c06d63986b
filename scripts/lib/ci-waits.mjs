/* global process -- a Node script (eslint.config.js declares no Node globals for .mjs) */
/**
 * How many times longer tests wait on CI than on a developer's machine. CI's shared two cores have been
 * measured three times slower than a quiet machine at moments (a first page load past 10 s, a test that
 * starts servers past 30 s, a web test's first import of a lazy chunk taking seconds): there every bound
 * a test suite sets is twice as long, so that a failure is a fault, not the machine's load. Only how
 * long a test waits changes; what it checks does not.
 */
export const CI_WAIT_FACTOR = process.env.CI ? 2 : 1;
