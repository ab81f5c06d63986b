import { Argument, Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import { ConfigError } from '../config.ts';
import type { Database, Db } from '../db/client.ts';
import { DatabaseInUseError } from '../db/data-dir-lock.ts';
import { deletedWorkspaceLogs } from '../modules/audit/service.ts';
import { MAX_USER_SEATS } from '../modules/plans/service.ts';
import { auditLogCsv, deletedWorkspacesTable, withChainCheck } from './commands/audit.ts';
import { planArguments, planChangeFrom, setPlan, type PlanArgument } from './commands/set-plan.ts';
import { userSummaries, usersTable } from './commands/users.ts';
import { workspaceSummaries, workspacesTable } from './commands/workspaces.ts';
import { assertWorkspaceId, UsageError } from './usage-error.ts';

/*
 * The operator command's work, `npm run admin -- <command>` without the process around it: it reads
 * the arguments, writes to the streams it is given and returns the exit code. It changes plans only
 * through the plans service, as billing does.
 * Exit codes: 0 done; 1 the database or configuration failed (a PGlite directory in use by a running
 * server included); 2 the arguments were wrong.
 */

/** A stream the command writes to: process.stdout and process.stderr are ones. */
export interface OutputStream {
  write(text: string): unknown;
  /** A terminal's width wraps the help; anything else gets 80 columns, as Commander gives a pipe. */
  isTTY?: boolean;
  columns?: number;
}

export interface AdminStreams {
  stdout: OutputStream;
  stderr: OutputStream;
}

export interface AdminDependencies {
  /**
   * The server's database, opened only once the arguments are known to be right (so a mistake in them
   * is told without a database or a configuration) and closed when the command is done.
   */
  openDatabase(): Promise<Pick<Database, 'db' | 'close'>>;
}

/** Runs the command for `args` (what follows `npm run admin --`) and returns its exit code. */
export async function runAdmin(
  args: readonly string[],
  streams: AdminStreams,
  dependencies: AdminDependencies,
): Promise<number> {
  try {
    await buildProgram(streams, dependencies).parseAsync(args, { from: 'user' });
    return 0;
  } catch (error) {
    return reportFailure(error, streams.stderr);
  }
}

function seatCount(value: string): number {
  if (!/^\d+$/.test(value) || Number(value) > MAX_USER_SEATS) {
    throw new InvalidArgumentError(`It must be a whole number from 0 to ${MAX_USER_SEATS}.`);
  }
  return Number(value);
}

const json = (value: unknown) => JSON.stringify(value, null, 2);
const helpWidth = (stream: OutputStream) => (stream.isTTY && stream.columns ? stream.columns : 80);

function buildProgram(streams: AdminStreams, dependencies: AdminDependencies): Command {
  const print = (text: string) => streams.stdout.write(`${text}\n`);
  const withDatabase = async <T>(work: (db: Db) => Promise<T>): Promise<T> => {
    const database = await dependencies.openDatabase();
    try {
      return await work(database.db);
    } finally {
      await database.close();
    }
  };

  // Subcommands inherit the output, the exit override and the help after an error: set before them.
  const program = new Command('npm run admin --')
    .description(
      'Redacta operator command: lists workspaces and users, sets plans and reads audit logs, on the ' +
        'database the server ' +
        'uses (DATABASE_URL, else PGlite in DATA_DIR; a .env at the repository root is read as npm start ' +
        'reads it). With PGlite, stop the server first; PostgreSQL may be used while servers run.',
    )
    .configureOutput({
      writeOut: (text) => streams.stdout.write(text),
      writeErr: (text) => streams.stderr.write(text),
      getOutHelpWidth: () => helpWidth(streams.stdout),
      getErrHelpWidth: () => helpWidth(streams.stderr),
    })
    .exitOverride()
    .showHelpAfterError('(npm run admin -- --help lists the commands)');

  program
    .command('workspaces')
    .description('list every workspace: id, name, plan, owner, members, seats used, words this month')
    .option('--json', 'print JSON instead of a table')
    .action(async (options: { json?: boolean }) => {
      const rows = await withDatabase((db) => workspaceSummaries(db));
      print(options.json ? json(rows) : workspacesTable(rows));
    });

  program
    .command('users')
    .description('list every user: id, e-mail, name, created, number of workspaces')
    .option('--json', 'print JSON instead of a table')
    .action(async (options: { json?: boolean }) => {
      const rows = await withDatabase((db) => userSummaries(db));
      print(options.json ? json(rows) : usersTable(rows));
    });

  program
    .command('set-plan')
    .summary("change a workspace's plan")
    .description(
      "Changes a workspace's plan and its seats. A plan with fewer seats than members and pending " +
        'invitations revokes the newest invitations it has no seat for (free revokes them all); members ' +
        'and data are always kept.',
    )
    .argument('<workspace-id>', 'the workspace (ids: npm run admin -- workspaces)')
    .addArgument(new Argument('<plan>', 'the new plan').choices(Object.keys(planArguments)))
    .addOption(
      new Option(
        '--seats <n>',
        'Pro: extra seats beyond the 3 included (default 0); Enterprise: every seat besides the owner (required)',
      ).argParser(seatCount),
    )
    .action(async (workspaceId: string, plan: PlanArgument, options: { seats?: number }) => {
      const change = planChangeFrom(workspaceId, plan, options.seats);
      print(await withDatabase((db) => setPlan(db, change)));
    });

  program
    .command('deleted-workspaces')
    .description(
      'list the deleted workspaces whose audit log is still kept: id, name, when deleted, until when ' +
        'kept, entries and whether their hash chain verifies',
    )
    .option('--json', 'print JSON instead of a table')
    .action(async (options: { json?: boolean }) => {
      const rows = await withDatabase(async (db) => withChainCheck(db, await deletedWorkspaceLogs(db)));
      print(options.json ? json(rows) : deletedWorkspacesTable(rows));
    });

  program
    .command('audit')
    .summary("print a workspace's audit log as CSV")
    .description(
      "Prints a workspace's audit log as the owner's CSV export has it, newest first: of a workspace " +
        'that exists, or of a deleted one while its log is kept (see deleted-workspaces).',
    )
    .argument('<workspace-id>', 'the workspace (ids: npm run admin -- workspaces or deleted-workspaces)')
    .action(async (workspaceId: string) => {
      assertWorkspaceId(workspaceId);
      streams.stdout.write(await withDatabase((db) => auditLogCsv(db, workspaceId)));
    });

  return program;
}

/** The exit code for what went wrong, after saying it in one or two lines (never a stack trace). */
function reportFailure(error: unknown, stderr: OutputStream): number {
  // Commander has already printed its own message (or the help asked for).
  if (error instanceof CommanderError) return error.exitCode === 0 ? 0 : 2;
  if (error instanceof UsageError) {
    stderr.write(`error: ${error.message}\n`);
    return 2;
  }
  if (error instanceof DatabaseInUseError || error instanceof ConfigError) {
    stderr.write(`${error.message}\n`);
    return 1;
  }
  const cause = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : '';
  stderr.write(`error: ${error instanceof Error ? error.message : String(error)}${cause}\n`);
  return 1;
}
