/** One semi-space of the server's young generations, in MiB. */
export const SEMI_SPACE_MB: number;
/** The flags every process running the server starts Node with. */
export const serverNodeFlags: string[];
