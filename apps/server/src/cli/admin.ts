import { loadRootEnvFile, openServerDatabase } from './environment.ts';
import { runAdmin } from './run-admin.ts';

/*
 * The operator command's process: `npm run admin -- <command>` with the process's arguments, streams
 * and environment (DATABASE_URL, or DATA_DIR for PGlite); the command itself, its messages and exit
 * codes are in run-admin.ts.
 */

loadRootEnvFile();
process.exitCode = await runAdmin(
  process.argv.slice(2),
  { stdout: process.stdout, stderr: process.stderr },
  { openDatabase: () => openServerDatabase(process.env) },
);
