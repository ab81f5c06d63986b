// Run by pglite-template.mjs: opens (creating and migrating) the PGlite database of the data directory
// given, through the server's own code, and closes it cleanly so that its files can be copied.
import { openDatabase } from '../../src/db/client.ts';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: pglite-template-build.ts <data directory>');
const database = await openDatabase({ dataDir });
await database.close();
