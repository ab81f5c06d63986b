import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DATA_DIR_LOCK_FILE, DatabaseInUseError, lockDataDir } from '../../src/db/data-dir-lock.ts';

// The lock that keeps a second process (a server, the operator command) off a PGlite directory in use.

const dirs: string[] = [];
const children: { kill(): void }[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function dataDir() {
  const dir = mkdtempSync(path.join(tmpdir(), 'redacta-lock-'));
  dirs.push(dir);
  return dir;
}

const lockFile = (dir: string) => path.join(dir, DATA_DIR_LOCK_FILE);

describe('lockDataDir', () => {
  it('names this process while held and is gone once released', () => {
    const dir = dataDir();
    const release = lockDataDir(dir);
    expect(readFileSync(lockFile(dir), 'utf8').trim()).toBe(String(process.pid));
    expect(() => lockDataDir(dir)).toThrow(DatabaseInUseError);
    release();
    expect(existsSync(lockFile(dir))).toBe(false);
    lockDataDir(dir)();
  });

  it('refuses a directory another running process holds, naming the directory', () => {
    const dir = dataDir();
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)']);
    children.push(holder);
    writeFileSync(lockFile(dir), `${holder.pid}\n`);
    expect(() => lockDataDir(dir)).toThrow(
      `The database in ${dir} is in use (is the server running?). Stop it and try again.`,
    );
    expect(readFileSync(lockFile(dir), 'utf8').trim()).toBe(String(holder.pid));
  });

  it('takes over the lock of a process that is gone (killed, crashed) and of a restarted container', () => {
    const dir = dataDir();
    const finished = spawnSync(process.execPath, ['-e', '']);
    writeFileSync(lockFile(dir), `${finished.pid}\n`);
    lockDataDir(dir)();

    // A container's server often has the same process id after a restart as the one that left the lock.
    writeFileSync(lockFile(dir), `${process.pid}\n`);
    const release = lockDataDir(dir);
    expect(readFileSync(lockFile(dir), 'utf8').trim()).toBe(String(process.pid));
    release();
  });
});
