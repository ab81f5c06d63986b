/* global console, process -- Node script (eslint.config.js declares no Node globals for .mjs) */
// Runs Vitest's web project against the co-editing binding (@tiptap/y-tiptap) exactly as published,
// without the patches in patches/, to prove that the co-editing tests fail without them:
//   npm run test:binding-unpatched -- apps/web/src/features/document/editor/co-editing
// The published package of the installed version is unpacked once into node_modules/.cache (npm's
// own cache answers after the first install); the installed, patched package is never touched, so
// other test runs on the same checkout go on with the patched one.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { root } from './lib/paths.mjs';

const installed = path.join(root, 'node_modules/@tiptap/y-tiptap');
const { version } = JSON.parse(readFileSync(path.join(installed, 'package.json'), 'utf8'));
const unpacked = path.join(root, 'node_modules/.cache/y-tiptap-unpatched', version);
const entry = path.join(unpacked, 'dist/y-tiptap.js');

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', ...options });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

if (!existsSync(entry)) {
  const download = mkdtempSync(path.join(tmpdir(), 'y-tiptap-'));
  try {
    const packed = run('npm', ['pack', `@tiptap/y-tiptap@${version}`, '--prefer-offline', '--silent'], {
      cwd: download,
    });
    const [tarball] = readdirSync(download).filter((file) => file.endsWith('.tgz'));
    if (packed !== 0 || !tarball) throw new Error(`npm pack @tiptap/y-tiptap@${version} failed`);
    rmSync(unpacked, { recursive: true, force: true });
    mkdirSync(unpacked, { recursive: true });
    if (run('tar', ['-xzf', path.join(download, tarball), '-C', unpacked, '--strip-components=1']) !== 0) {
      throw new Error(`could not unpack ${tarball}`);
    }
  } finally {
    rmSync(download, { recursive: true, force: true });
  }
}
// The patches mark each change with "Patched"; the published code has none.
if (readFileSync(entry, 'utf8').includes('Patched')) throw new Error(`${entry} is not the published code`);

console.log(`[redacta] Vitest (web) on @tiptap/y-tiptap ${version} as published: ${unpacked}`);
const status = run(
  process.execPath,
  [path.join(root, 'node_modules/vitest/vitest.mjs'), 'run', '--project', 'web', ...process.argv.slice(2)],
  { cwd: root, env: { ...process.env, Y_TIPTAP_UNPATCHED: entry } },
);
process.exit(status);
