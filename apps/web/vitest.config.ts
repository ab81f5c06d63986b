import { availableParallelism } from 'node:os';
import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

const root = fileURLToPath(new URL('.', import.meta.url));

/** Vitest's default (cores - 1) is one worker on a 2-core machine: two keep both cores busy. */
export const WEB_WORKERS = Math.max(2, availableParallelism() - 1);

export default defineConfig({
  plugins: [react()],
  root,
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
    setupFiles: ['./test/setup.ts'],
    // A test may wait several times for what a lazy chunk draws (test/setup.ts gives each wait 5 s): on
    // a loaded machine the first import of a chunk alone can take seconds.
    testTimeout: 15_000,
    maxWorkers: WEB_WORKERS,
    sequence: { groupOrder: 1 },
    css: false,
  },
});
