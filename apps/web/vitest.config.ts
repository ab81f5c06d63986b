import { availableParallelism } from 'node:os';
import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { CI_WAIT_FACTOR } from '../../scripts/lib/ci-waits.mjs';

const root = fileURLToPath(new URL('.', import.meta.url));

/** Vitest's default (cores - 1) is one worker on a 2-core machine: two keep both cores busy. */
export const WEB_WORKERS = Math.max(2, availableParallelism() - 1);

/**
 * The co-editing binding as published, without the patches of patches/ (set by
 * scripts/binding-unpatched.mjs): the app's code and the collaboration extension, which is otherwise
 * loaded by Node from node_modules, both import it.
 */
const unpatchedBinding = process.env.Y_TIPTAP_UNPATCHED;

export default defineConfig({
  plugins: [react()],
  root,
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      ...(unpatchedBinding ? { '@tiptap/y-tiptap': unpatchedBinding } : {}),
    },
  },
  test: {
    ...(unpatchedBinding ? { server: { deps: { inline: [/@tiptap[\\/]extension-collaboration/] } } } : {}),
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
    setupFiles: ['./test/setup.ts'],
    // A test may wait several times for what a lazy chunk draws (test/setup.ts gives each wait 5 s):
    // on a loaded machine the first import of a chunk alone can take seconds.
    testTimeout: 15_000 * CI_WAIT_FACTOR,
    maxWorkers: WEB_WORKERS,
    sequence: { groupOrder: 1 },
    css: false,
  },
});
