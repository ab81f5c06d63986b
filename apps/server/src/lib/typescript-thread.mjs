/**
 * The file a pool's threads start on (thread-pool.ts). Node does not apply the process's `--import tsx`
 * to worker threads, so each thread loads its TypeScript entry once, through tsx's API (a JavaScript
 * entry, the prebuilt server's, is imported as it is), and answers every task it is given with the
 * entry's default export.
 */
import { workerData } from 'piscina';

const { entry, parent } = workerData;
const loaded = /\.m?js$/.test(entry)
  ? await import(entry)
  : await import('tsx/esm/api').then(({ tsImport }) => tsImport(entry, parent));

export default loaded.default;
