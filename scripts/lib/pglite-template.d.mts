/** The migrated template's PGlite directory, made once. */
export function pgliteTemplate(): string;
/** Puts a migrated database into `dataDir` unless it has one already. */
export function seedDataDir(dataDir: string): void;
