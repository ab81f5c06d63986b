import { readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The file in DATA_DIR naming the process that has the PGlite database open. */
export const DATA_DIR_LOCK_FILE = 'database.lock';

/**
 * The PGlite database of a data directory is open in another process. PGlite itself does not refuse
 * a second opening: two processes writing the same files would corrupt them, so we refuse first.
 */
export class DatabaseInUseError extends Error {
  constructor(readonly dataDir: string) {
    super(`The database in ${dataDir} is in use (is the server running?). Stop it and try again.`);
    this.name = 'DatabaseInUseError';
  }
}

/** Data directories this process holds (a second opening in the same process is refused too). */
const held = new Set<string>();

/**
 * Takes the data directory for this process until the returned release is called: a lock file with
 * our process id, created only if absent. A lock left by a process that is gone (killed, crashed) is
 * taken over; one of a running process throws DatabaseInUseError. A lock naming our own id that we do
 * not hold is stale too: a restarted container gives its server the same id as before.
 */
export function lockDataDir(dataDir: string): () => void {
  const key = path.resolve(dataDir);
  if (held.has(key)) throw new DatabaseInUseError(dataDir);
  const file = path.join(key, DATA_DIR_LOCK_FILE);
  for (let attempt = 1; ; attempt += 1) {
    try {
      writeFileSync(file, `${process.pid}\n`, { flag: 'wx', mode: 0o600 });
      break;
    } catch (error) {
      if (errorCode(error) !== 'EEXIST' || attempt === 3) throw error;
      if (isRunning(lockHolder(file))) throw new DatabaseInUseError(dataDir);
      removeIfPresent(file);
    }
  }
  held.add(key);
  return () => {
    held.delete(key);
    if (lockHolder(file) === process.pid) removeIfPresent(file);
  };
}

function lockHolder(file: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(file, 'utf8'), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

function isRunning(pid: number | null): boolean {
  if (pid === null || pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to another user.
    return errorCode(error) === 'EPERM';
  }
}

function removeIfPresent(file: string) {
  try {
    unlinkSync(file);
  } catch (error) {
    if (errorCode(error) !== 'ENOENT') throw error;
  }
}

const errorCode = (error: unknown) => (error as { code?: unknown } | null)?.code;
