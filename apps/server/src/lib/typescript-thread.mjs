/**
 * The file a pool's threads start on (thread-pool.ts). Node does not apply the process's `--import tsx`
 * to worker threads, so each thread loads its TypeScript entry once, through tsx's API, and answers
 * every task it is given with the entry's default export.
 */
import { workerData } from 'piscina';
import { tsImport } from 'tsx/esm/api';

const { entry, parent } = workerData;
const loaded = await tsImport(entry, parent);

export default loaded.default;
