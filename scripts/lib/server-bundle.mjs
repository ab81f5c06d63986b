/* global process -- Node scripts (eslint.config.js declares no Node globals for .mjs) */
// The tests start the real server as a process of its own many times, and under `--import tsx` each
// start spends seconds of CPU compiling and resolving the server's TypeScript module by module. Built
// here once instead, with esbuild (as tsx compiles each file, with tsx's options), into one JavaScript
// file per entry, kept while its sources are unchanged and started with plain `node`:
// - only the repository's own code is bundled (apps/server/src and the workspace packages it imports);
//   every other package stays an import that Node resolves when the server starts, as before. The files
//   live below apps/server/node_modules, so that Node finds the same copies from them as from the sources
//   (apps/server/node_modules holds some of the server's dependencies).
// - `import.meta.url` keeps naming the source file it is written in: the paths the server derives from
//   it (migrations, the web app, the repository's .env, its threads' entries) are the same.
// - a source map beside each file points stack traces at the TypeScript sources.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildingFolder, publish } from './cache-folder.mjs';
import { build, version as esbuildVersion } from 'esbuild';
import { root } from './paths.mjs';

const serverDir = path.join(root, 'apps/server');
const cacheDir = path.join(serverDir, 'node_modules/.cache/redacta-server');

/**
 * The entries, by name: the server's, and its threads' (a thread whose entry is not here still starts,
 * its entry compiled by tsx as before).
 */
const entries = {
  main: 'src/main.ts',
  'pglite-worker': 'src/db/pglite-worker.ts',
  'parse-worker': 'src/modules/knowledge/parse/parse-worker.ts',
  'read-worker': 'src/modules/batches/spreadsheet/read-worker.ts',
};
const entryNames = new Map(Object.entries(entries).map(([name, file]) => [path.join(serverDir, file), name]));

/** What the bundle is built from; the migrations are read at run time from the sources, not bundled. */
const sources = [
  path.join(serverDir, 'src'),
  path.join(root, 'packages'),
  path.join(root, 'tsconfig.base.json'),
  path.join(serverDir, 'tsconfig.json'),
];
const notSources = new Set(['node_modules', 'migrations']);

/** Every file below `target` (itself when a file), sources only. */
function files(target) {
  if (!existsSync(target)) return [];
  if (!statSync(target).isDirectory()) return [target];
  return readdirSync(target)
    .filter((name) => !notSources.has(name))
    .flatMap((name) => files(path.join(target, name)));
}

/** A bundle is stale when any source, this builder, esbuild or Node (its target) changed. */
function bundleKey() {
  const hash = createHash('sha256');
  hash
    .update(`${esbuildVersion} ${process.versions.node}\n`)
    .update(readFileSync(fileURLToPath(import.meta.url)));
  for (const file of sources.flatMap(files).sort()) {
    hash.update(path.relative(root, file)).update(readFileSync(file));
  }
  return hash.digest('hex').slice(0, 16);
}

const inRepository = (file) => !file.split(path.sep).includes('node_modules');

/** The repository's own modules are bundled; every package import is left for Node to resolve. */
const repositoryOnly = {
  name: 'repository-only',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@redacta/') ? undefined : { path: args.path, external: true },
    );
    builder.onLoad({ filter: /\.[cm]?[jt]s$/ }, (args) => {
      if (!inRepository(args.path)) return undefined;
      const here = JSON.stringify(pathToFileURL(args.path).href);
      const source = readFileSync(args.path, 'utf8').replace(
        /new URL\('(\.{1,2}\/[^']+\.ts)', import\.meta\.url\)|import\.meta\.url/g,
        (_, relative) => {
          if (!relative) return here;
          // A thread's entry: its bundle, beside the file this code ends up in.
          const name = entryNames.get(path.resolve(path.dirname(args.path), relative));
          return name ? `new URL('./${name}.mjs', import.meta.url)` : `new URL('${relative}', ${here})`;
        },
      );
      return {
        contents: source,
        loader: args.path.endsWith('ts') ? 'ts' : 'js',
      };
    });
  },
};

async function buildInto(outdir) {
  await build({
    absWorkingDir: serverDir,
    entryPoints: entries,
    outdir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: `node${process.versions.node}`,
    keepNames: true,
    sourcemap: 'linked',
    logLevel: 'error',
    plugins: [repositoryOnly],
  });
}

let built;

/**
 * The command line (`node` and its arguments, `nodeFlags` among them) that starts the server from its
 * bundle, built first when missing or stale (concurrent callers: the first to finish wins).
 */
export async function bundledServer(nodeFlags = []) {
  built ??= (async () => {
    const dir = path.join(cacheDir, bundleKey());
    if (!existsSync(path.join(dir, 'main.mjs'))) {
      const building = buildingFolder(cacheDir);
      try {
        await buildInto(building);
        publish(building, dir, 'main.mjs');
      } finally {
        rmSync(building, { recursive: true, force: true });
      }
    }
    return dir;
  })();
  const dir = await built;
  return [process.execPath, ['--enable-source-maps', ...nodeFlags, path.join(dir, 'main.mjs')]];
}
