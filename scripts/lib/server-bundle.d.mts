/** The command line (`node` and its arguments, `nodeFlags` among them) that starts the prebuilt server. */
export function bundledServer(nodeFlags?: readonly string[]): Promise<[string, string[]]>;
