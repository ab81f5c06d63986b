#!/usr/bin/env node
/* global process, console -- Node scripts (eslint.config.js declares no Node globals for .mjs) */
// Writes a brotli (.br) and a gzip (.gz) copy beside every compressible file of a built web app, so the
// server sends the smallest encoding a browser accepts without compressing anything per request. The
// web build runs it (apps/web/vite.config.ts); `node scripts/precompress.mjs <dir>` runs it by hand.
import { readdir, readFile, writeFile, unlink } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text formats worth compressing; images and fonts (woff2) are compressed already. */
const compressible = new Set([
  '.js',
  '.mjs',
  '.css',
  '.html',
  '.svg',
  '.json',
  '.webmanifest',
  '.txt',
  '.xml',
  '.map',
]);

/** Below this a compressed copy saves less than a network packet. */
const minimumBytes = 1024;

async function filesBelow(dir) {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

/**
 * Compresses every compressible file under `dir` at the highest levels (build time, once) and returns
 * what it wrote. A copy that is not smaller than the original is not kept: the server then sends the
 * file itself.
 */
export async function precompressDirectory(dir) {
  const written = [];
  const files = (await filesBelow(dir)).filter(
    (file) => compressible.has(path.extname(file)) && !file.endsWith('.br') && !file.endsWith('.gz'),
  );
  for (const file of files) {
    const content = await readFile(file);
    const encodings = [
      ['br', () => brotli(content, { params: brotliParams(content.length) })],
      ['gz', () => gzipAsync(content, { level: constants.Z_BEST_COMPRESSION })],
    ];
    for (const [extension, compress] of encodings) {
      const target = `${file}.${extension}`;
      if (content.length < minimumBytes) {
        await unlink(target).catch(() => {});
        continue;
      }
      const compressed = await compress();
      if (compressed.length >= content.length) {
        await unlink(target).catch(() => {});
        continue;
      }
      await writeFile(target, compressed);
      written.push({ file: path.relative(dir, target), bytes: compressed.length, original: content.length });
    }
  }
  return written;
}

function brotliParams(size) {
  return {
    [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
    [constants.BROTLI_PARAM_SIZE_HINT]: size,
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dir = process.argv[2];
  if (!dir) {
    console.error('usage: node scripts/precompress.mjs <directory>');
    process.exit(2);
  }
  const written = await precompressDirectory(path.resolve(dir));
  console.log(`[precompress] ${written.length} compressed copies written under ${dir}`);
}
