import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import {
  isManagerRole,
  resolveLocale,
  usagePeriod,
  type Locale,
  type UsageBreakdown,
  type UsageBreakdownMember,
} from '@redacta/shared';
import type { Db } from '../../db/client.ts';
import { apiKeys, memberships, projects, usageCharges, users } from '../../db/schema.ts';
import { writeCsv } from '../batches/spreadsheet/write.ts';
import { visibleTo } from '../projects/access.ts';
import { requireMembership } from '../workspaces/service.ts';

/**
 * `GET /workspace/{id}/usage/breakdown`: the words charged in a calendar month (UTC) by member and by
 * project, from the charge ledger (usage_charges). The owner and admins see every member — each current member,
 * with no words too, and anyone charged that month who has left — and every project; a member sees
 * only their own words, by project. Words made with an API key count to the key's creator and are
 * listed under them by key. Anyone outside the workspace gets 404.
 */
export async function usageBreakdown(
  db: Db,
  workspaceId: string,
  userId: string,
  month: string | undefined,
  now = new Date(),
): Promise<UsageBreakdown> {
  const role = await requireMembership(db, workspaceId, userId);
  const period = month ?? usagePeriod(now);
  const everyone = isManagerRole(role);
  const onlyOwn = everyone ? undefined : eq(usageCharges.userId, userId);
  const inMonth = and(eq(usageCharges.workspaceId, workspaceId), eq(usageCharges.period, period), onlyOwn);
  const words = sql<number>`sum(${usageCharges.words})`.mapWith(Number);

  const [byMember, byKey, byProject, people] = await Promise.all([
    db
      .select({ userId: usageCharges.userId, words })
      .from(usageCharges)
      .where(inMonth)
      .groupBy(usageCharges.userId),
    db
      .select({ userId: usageCharges.userId, apiKeyId: usageCharges.apiKeyId, name: apiKeys.name, words })
      .from(usageCharges)
      .leftJoin(apiKeys, eq(apiKeys.id, usageCharges.apiKeyId))
      .where(and(inMonth, isNotNull(usageCharges.apiKeyId)))
      .groupBy(usageCharges.userId, usageCharges.apiKeyId, apiKeys.name),
    db
      .select({
        projectId: usageCharges.projectId,
        // Another person's private project is theirs alone (project_visible): its name stays hidden.
        name: sql<string | null>`CASE WHEN ${visibleTo(userId)} THEN ${projects.name} END`,
        words,
      })
      .from(usageCharges)
      .leftJoin(projects, eq(projects.id, usageCharges.projectId))
      .where(inMonth)
      .groupBy(usageCharges.projectId, projects.id)
      .orderBy(sql`sum(${usageCharges.words}) DESC`, asc(projects.name)),
    db
      .select({
        userId: memberships.userId,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        monthlyWords: memberships.monthlyWordBudget,
      })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(
        and(eq(memberships.workspaceId, workspaceId), everyone ? undefined : eq(memberships.userId, userId)),
      )
      .orderBy(asc(memberships.createdAt)),
  ]);

  const wordsOf = new Map(byMember.map((row) => [row.userId, row.words]));
  const keysOf = (id: string | null) =>
    byKey
      .filter((row) => row.userId === id)
      .map((row) => ({ apiKeyId: row.apiKeyId, name: row.name, words: row.words }));
  const members: UsageBreakdownMember[] = people.map((person) => ({
    userId: person.userId,
    name: [person.firstName, person.lastName].filter(Boolean).join(' ') || null,
    email: person.email,
    isMember: true,
    words: wordsOf.get(person.userId) ?? 0,
    apiKeys: keysOf(person.userId),
    monthlyWords: person.monthlyWords,
  }));
  // Words of people who left the workspace (or whose account is gone) still count in the month.
  const current = new Set(people.map((person) => person.userId));
  const former = byMember.filter((row) => row.userId === null || !current.has(row.userId));
  const formerPeople = former.length
    ? await db
        .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
        .from(users)
        .where(
          inArray(
            users.id,
            former.flatMap((row) => (row.userId ? [row.userId] : [])),
          ),
        )
    : [];
  for (const row of former) {
    const person = formerPeople.find((p) => p.id === row.userId);
    members.push({
      userId: row.userId,
      name: person ? [person.firstName, person.lastName].filter(Boolean).join(' ') || null : null,
      email: person?.email ?? null,
      isMember: false,
      words: row.words,
      apiKeys: keysOf(row.userId),
      monthlyWords: null,
    });
  }
  members.sort((a, b) => b.words - a.words);
  return {
    month: period,
    members,
    projects: byProject.map((row) => ({ projectId: row.projectId, name: row.name, words: row.words })),
    words: members.reduce((sum, member) => sum + member.words, 0),
  };
}

const csvHeadings: Record<
  Locale,
  { kind: string; name: string; email: string; words: string; budget: string }
> = {
  es: { kind: 'Tipo', name: 'Nombre', email: 'Correo', words: 'Palabras', budget: 'Presupuesto mensual' },
  en: { kind: 'Type', name: 'Name', email: 'Email', words: 'Words', budget: 'Monthly budget' },
};
const csvLabels: Record<
  Locale,
  {
    member: string;
    project: string;
    apiKey: string;
    former: string;
    noProject: string;
    hiddenProject: string;
  }
> = {
  es: {
    member: 'Miembro',
    project: 'Proyecto',
    apiKey: 'API',
    former: 'Antiguo miembro',
    noProject: 'Sin proyecto',
    hiddenProject: 'Proyecto privado de otra persona',
  },
  en: {
    member: 'Member',
    project: 'Project',
    apiKey: 'API',
    former: 'Former member',
    noProject: 'No project',
    hiddenProject: "Someone else's private project",
  },
};

/**
 * The breakdown as a CSV (UTF-8 with a BOM, cells starting with = + - @ escaped): a row per member,
 * then one per API key under its creator ("API · key name"), then one per project, in `locale`.
 */
export function breakdownCsv(breakdown: UsageBreakdown, locale: Locale): { fileName: string; body: Buffer } {
  const head = csvHeadings[locale];
  const label = csvLabels[locale];
  const rows: string[][] = [];
  for (const member of breakdown.members) {
    const name = member.name ?? member.email ?? label.former;
    rows.push([
      label.member,
      member.isMember ? name : `${name} (${label.former})`,
      member.email ?? '',
      String(member.words),
      member.monthlyWords === null ? '' : String(member.monthlyWords),
    ]);
    for (const key of member.apiKeys)
      rows.push([label.apiKey, `${label.apiKey} · ${key.name ?? '—'} (${name})`, '', String(key.words), '']);
  }
  for (const project of breakdown.projects)
    rows.push([
      label.project,
      project.name ?? (project.projectId ? label.hiddenProject : label.noProject),
      '',
      String(project.words),
      '',
    ]);
  return {
    fileName: `redacta-usage-${breakdown.month}.csv`,
    body: writeCsv([head.kind, head.name, head.email, head.words, head.budget], rows),
  };
}

/** The language of a person's profile, which the CSV's headings and labels are written in. */
export async function userLocale(db: Db, userId: string): Promise<Locale> {
  const [row] = await db.select({ locale: users.locale }).from(users).where(eq(users.id, userId));
  return resolveLocale(row?.locale);
}
