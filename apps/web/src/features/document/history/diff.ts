import { diffWords } from 'diff';

/** A run of a version's text against the current one: kept, only in the version, or only in the current text. */
export interface DiffSegment {
  kind: 'same' | 'added' | 'removed';
  text: string;
}

/**
 * The differences between the document's current text and a version's, word by word: `added` is in
 * the version and not in the document now (restoring brings it back), `removed` is in the document now
 * and not in the version (restoring takes it away).
 */
export function versionDiff(current: string, version: string): DiffSegment[] {
  return diffWords(current, version).map((change) => ({
    kind: change.added ? 'added' : change.removed ? 'removed' : 'same',
    text: change.value,
  }));
}

/** Whether a diff shows any difference at all. */
export const differs = (segments: DiffSegment[]) => segments.some((segment) => segment.kind !== 'same');
