import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Which server test files run the same whatever TEST_DATABASE_URL says, found from their sources:
 * neither the file nor a module of ours it imports (transitively, statically or by `import('…')` of a
 * literal path) mentions TEST_DATABASE_URL, the one switch between PGlite and PostgreSQL that the test
 * helpers read (the worker's database, the child servers', the admin command's). The pass on
 * PostgreSQL leaves them out: it would repeat the PGlite pass exactly. Being derived, the list follows
 * the code: a file that starts using a database helper joins that pass by itself, and the worker's
 * database refuses itself to a file found here (helpers/database.ts), should one reach it in a way this
 * scan misses. Product code (src/) never reads the variable, so the scan stops there.
 */
const testDir = path.dirname(fileURLToPath(import.meta.url));
const srcDir = path.join(path.dirname(testDir), 'src') + path.sep;
const localImport =
  /\b(?:import|export)\s[^'"`;]*?\bfrom\s*['"](\.[^'"]+)['"]|\bimport\s*\(\s*['"](\.[^'"]+)['"]\s*\)|\bimport\s*['"](\.[^'"]+)['"]/g;

interface Module {
  readsSwitch: boolean;
  imports: string[];
}
const modules = new Map<string, Module>();

function moduleAt(file: string): Module {
  let module = modules.get(file);
  if (!module) {
    const source = readFileSync(file, 'utf8');
    const imports = [...source.matchAll(localImport)]
      .map((match) => path.resolve(path.dirname(file), (match[1] ?? match[2] ?? match[3])!))
      .filter((target) => !target.startsWith(srcDir) && existsSync(target));
    module = { readsSwitch: source.includes('TEST_DATABASE_URL'), imports };
    modules.set(file, module);
  }
  return module;
}

function reachesSwitch(file: string): boolean {
  const seen = new Set([file]);
  const pending = [file];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const module = moduleAt(next);
    if (module.readsSwitch) return true;
    for (const target of module.imports) {
      if (!seen.has(target)) {
        seen.add(target);
        pending.push(target);
      }
    }
  }
  return false;
}

const free = new Map<string, boolean>();

/** Whether the test file at this absolute path runs the same on PGlite and on PostgreSQL. */
export function isDatabaseFree(file: string): boolean {
  let answer = free.get(file);
  if (answer === undefined) {
    answer = !reachesSwitch(file);
    free.set(file, answer);
  }
  return answer;
}

/** The database-free test files, as paths relative to `root`. */
export function databaseFreeFiles(root: string): string[] {
  return readdirSync(testDir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.test.ts'))
    .map((file) => path.join(testDir, file))
    .filter(isDatabaseFree)
    .map((file) => path.relative(root, file));
}
