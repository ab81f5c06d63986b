// The OpenAPI document exactly as the server answers it at /api/openapi.json, without starting a
// server: the app is built on a throwaway copy of the migrated PGlite template and asked once.
//   openapi.ts document <file>   writes the document (npm run lint:openapi lints it)
//   openapi.ts client            writes packages/api-client's generated types from it
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { clientTypes, SCHEMA_FILE } from '@redacta/api-client/generate';
import { seedDataDir } from '../../../../scripts/lib/pglite-template.mjs';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';

async function openApiDocument(): Promise<object> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'redacta-openapi-'));
  try {
    seedDataDir(dataDir);
    const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dataDir, WEB_DIST_DIR: dataDir });
    const database = await openDatabase({ dataDir: config.DATA_DIR });
    const app = await buildApp({ config, database });
    try {
      const answer = await app.inject('/api/openapi.json');
      if (answer.statusCode !== 200)
        throw new Error(`/api/openapi.json answered ${answer.statusCode}: ${answer.body}`);
      return answer.json();
    } finally {
      await app.close();
      await database.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const [command, file] = process.argv.slice(2);
if (command === 'document' && file) {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(await openApiDocument(), null, 2));
} else if (command === 'client') {
  writeFileSync(SCHEMA_FILE, await clientTypes(await openApiDocument()));
} else {
  console.error('usage: openapi.ts document <file> | openapi.ts client');
  process.exit(2);
}
