import { KNOWLEDGE_FILE_MAX_BYTES } from '@redacta/shared';

/** The file kinds the server parses: PDF, DOCX, plain text, Markdown and HTML. */
const EXTENSIONS = ['.pdf', '.docx', '.txt', '.md', '.markdown', '.html', '.htm'];

/** For the file picker's `accept`. */
export const KNOWLEDGE_ACCEPT = EXTENSIONS.join(',');

export type FileProblem = 'unsupported' | 'tooLarge';

/**
 * What the server would refuse about a file, checked before sending it: a 20 MB file that the
 * server would turn down is not worth the wait of its upload.
 */
export function fileProblem(file: Pick<File, 'name' | 'size'>): FileProblem | null {
  const name = file.name.toLowerCase();
  if (!EXTENSIONS.some((extension) => name.endsWith(extension))) return 'unsupported';
  if (file.size > KNOWLEDGE_FILE_MAX_BYTES) return 'tooLarge';
  return null;
}
