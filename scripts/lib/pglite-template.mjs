/* global process -- Node scripts (eslint.config.js declares no Node globals for .mjs) */
// Tests start many servers, each on a PGlite database of its own, and creating one (initdb, then the
// migrations) costs seconds each time. A database migrated once is kept as a template, keyed by the
// migrations and the PGlite version, and copied into a server's DATA_DIR before it starts: the server
// then opens a database with every migration applied, as after a restart.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { buildingFolder, publish } from './cache-folder.mjs';
import { root } from './paths.mjs';

const migrationsDir = path.join(root, 'apps/server/src/db/migrations');
const cacheDir = path.join(root, 'node_modules/.cache/redacta-pglite-template');

/** What makes a template stale: every migration file and the PGlite release that wrote it. */
function templateKey() {
  const hash = createHash('sha256');
  const files = (dir) =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? files(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
    );
  for (const file of files(migrationsDir).sort()) {
    hash.update(path.relative(migrationsDir, file)).update(readFileSync(file));
  }
  const pglite = JSON.parse(
    readFileSync(path.join(root, 'node_modules/@electric-sql/pglite/package.json'), 'utf8'),
  );
  hash.update(pglite.version);
  return hash.digest('hex').slice(0, 16);
}

/** The migrated template's PGlite directory, made once (concurrent callers: the first to finish wins). */
export function pgliteTemplate() {
  const template = path.join(cacheDir, templateKey());
  if (existsSync(path.join(template, 'pglite'))) return path.join(template, 'pglite');
  const building = buildingFolder(cacheDir);
  try {
    // The server's own code opens (and so migrates) the database, then closes it cleanly.
    execFileSync(
      process.execPath,
      ['--import', 'tsx', path.join(root, 'apps/server/test/helpers/pglite-template-build.ts'), building],
      { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] },
    );
    rmSync(path.join(building, 'database.lock'), { force: true });
    publish(building, template, 'pglite');
  } finally {
    rmSync(building, { recursive: true, force: true });
  }
  return path.join(template, 'pglite');
}

/** Puts a migrated database into `dataDir` unless it has one already (a restart keeps its data). */
export function seedDataDir(dataDir) {
  const target = path.join(dataDir, 'pglite');
  if (existsSync(target)) return;
  mkdirSync(dataDir, { recursive: true });
  cpSync(pgliteTemplate(), target, { recursive: true });
}
