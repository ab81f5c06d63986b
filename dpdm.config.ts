import { defineConfig } from 'dpdm';

// Import circles in the sources, checked by `npm run lint:cycles` (part of `npm run lint`): any circle
// fails it. Type-only imports count (no `transform`): two files that import types from each other are
// a circle in the source all the same, and the fix is the same: what both name goes in a file of its
// own. Path aliases (`@/` in the web app) resolve through each file's nearest tsconfig.json.
export default defineConfig({
  files: ['apps/server/src/**/*.ts', 'apps/web/src/**/*.{ts,tsx}', 'packages/shared/src/**/*.ts'],
  transform: false,
  exitCode: 'circular:1',
  tree: false,
  progress: false,
  // Packages are not followed; the warnings left are imports that resolve to no file.
  ignoreSkipWarning: 'node_modules/',
});
