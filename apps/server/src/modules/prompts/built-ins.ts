import { createHash } from 'node:crypto';
import { and, isNull, notInArray, sql } from 'drizzle-orm';
import type { Locale } from '@redacta/shared';
import type { Db } from '../../db/client.ts';
import { prompts } from '../../db/schema.ts';
import type { CatalogueCategory, CataloguePrompt } from './catalogue/index.ts';

export type Catalogue = Record<Locale, CatalogueCategory[]>;

/** Namespace of the built-in prompt ids: fixed forever, or every id (and everyone's Recientes) changes. */
const BUILT_IN_PROMPT_NAMESPACE = '5b0f3c0e-8a43-4d7b-9a51-7c1f0e2d6a90';

/** RFC 4122 version 5 (SHA-1, name-based) UUID: the same name always gives the same id. */
export function uuidV5(name: string, namespace: string): string {
  const hash = createHash('sha1')
    .update(Buffer.from(namespace.replaceAll('-', ''), 'hex'))
    .update(name, 'utf8')
    .digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * A built-in prompt's id is derived from its language and key, so it is the same in every
 * database and after every start: links, Recientes and tests can rely on it.
 */
export function builtInPromptId(language: Locale, key: string): string {
  return uuidV5(`${language}:${key}`, BUILT_IN_PROMPT_NAMESPACE);
}

export interface BuiltInPrompt extends CataloguePrompt {
  id: string;
  language: Locale;
  category: string;
}

/** The catalogue as addressable prompts: categories per language, and a lookup by id. */
export class BuiltInLibrary {
  readonly byId = new Map<string, BuiltInPrompt>();
  readonly categories: Record<Locale, { key: string; name: string; prompts: BuiltInPrompt[] }[]>;

  constructor(catalogue: Catalogue) {
    const categoriesOf = (language: Locale) =>
      catalogue[language].map((category) => ({
        key: category.key,
        name: category.name,
        prompts: category.prompts.map((prompt) => {
          const id = builtInPromptId(language, prompt.key);
          const builtIn = { ...prompt, id, language, category: category.key };
          this.byId.set(id, builtIn);
          return builtIn;
        }),
      }));
    this.categories = { es: categoriesOf('es'), en: categoriesOf('en') };
  }

  /** The same prompt in another language (same key), when the catalogue has it. */
  inLanguage(id: string, language: Locale): BuiltInPrompt | undefined {
    const prompt = this.byId.get(id);
    return prompt && this.byId.get(builtInPromptId(language, prompt.key));
  }
}

/**
 * Makes the database's built-in rows match the catalogue: inserts new prompts, updates edited
 * ones in place (ids do not change, so Recientes survive) and removes prompts no longer shipped.
 * Idempotent; run at every start.
 */
export async function seedBuiltInPrompts(db: Db, library: BuiltInLibrary): Promise<void> {
  const rows = [...library.byId.values()].map((prompt) => ({
    id: prompt.id,
    workspaceId: null,
    language: prompt.language,
    category: prompt.category,
    name: prompt.name,
    text: prompt.text,
  }));
  await db.transaction(async (tx) => {
    if (rows.length > 0) {
      await tx
        .insert(prompts)
        .values(rows)
        .onConflictDoUpdate({
          target: prompts.id,
          set: {
            language: sql.raw('excluded.language'),
            category: sql.raw('excluded.category'),
            name: sql.raw('excluded.name'),
            text: sql.raw('excluded.text'),
            updatedAt: sql`now()`,
          },
          // Unchanged prompts are left alone: a start rewrites only what the catalogue changed.
          setWhere: sql`(${prompts.language}, ${prompts.category}, ${prompts.name}, ${prompts.text}) is distinct from (excluded.language, excluded.category, excluded.name, excluded.text)`,
        });
    }
    await tx.delete(prompts).where(
      and(
        isNull(prompts.workspaceId),
        rows.length > 0
          ? notInArray(
              prompts.id,
              rows.map((row) => row.id),
            )
          : undefined,
      ),
    );
  });
}
