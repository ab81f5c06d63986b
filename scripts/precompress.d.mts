export interface PrecompressedFile {
  /** The compressed copy's path relative to the directory. */
  file: string;
  bytes: number;
  original: number;
}

export function precompressDirectory(dir: string): Promise<PrecompressedFile[]>;
