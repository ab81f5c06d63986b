import { Argument, Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import { ConfigError } from '../config.ts';
import { DatabaseInUseError } from '../db/data-dir-lock.ts';
import { MAX_USER_SEATS } from '../modules/plans/service.ts';
import { planArguments, planChangeFrom, setPlan, type PlanArgument } from './commands/set-plan.ts';
import { userSummaries, usersTable } from './commands/users.ts';
import { workspaceSummaries, workspacesTable } from './commands/workspaces.ts';
import { loadRootEnvFile, withDatabase } from './environment.ts';
import { UsageError } from './usage-error.ts';

/*
 * The operator command: `npm run admin -- <command>`. It reads the server's environment (DATABASE_URL,
 * or DATA_DIR for PGlite) and changes plans only through the plans service, as billing does.
 * Exit codes: 0 done; 1 the database or configuration failed (a PGlite directory in use by a running
 * server included); 2 the arguments were wrong.
 */

function seatCount(value: string): number {
  if (!/^\d+$/.test(value) || Number(value) > MAX_USER_SEATS) {
    throw new InvalidArgumentError(`It must be a whole number from 0 to ${MAX_USER_SEATS}.`);
  }
  return Number(value);
}

const print = (text: string) => process.stdout.write(`${text}\n`);
const json = (value: unknown) => JSON.stringify(value, null, 2);

function buildProgram(): Command {
  const program = new Command('npm run admin --')
    .description(
      'Redacta operator command: lists workspaces and users and sets plans, on the database the server ' +
        'uses (DATABASE_URL, else PGlite in DATA_DIR; a .env at the repository root is read as npm start ' +
        'reads it). With PGlite, stop the server first; PostgreSQL may be used while servers run.',
    )
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

  return program;
}

/** The exit code for what went wrong, after saying it in one or two lines (never a stack trace). */
function reportFailure(error: unknown): number {
  // Commander has already printed its own message (or the help asked for).
  if (error instanceof CommanderError) return error.exitCode === 0 ? 0 : 2;
  if (error instanceof UsageError) {
    process.stderr.write(`error: ${error.message}\n`);
    return 2;
  }
  if (error instanceof DatabaseInUseError || error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
    return 1;
  }
  const cause = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : '';
  process.stderr.write(`error: ${error instanceof Error ? error.message : String(error)}${cause}\n`);
  return 1;
}

loadRootEnvFile();
try {
  await buildProgram().parseAsync(process.argv);
} catch (error) {
  process.exitCode = reportFailure(error);
}
