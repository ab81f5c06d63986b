/*
 * zod for the web app: the build resolves every `import … from 'zod'` here (vite.config.ts), so the
 * setting below is made before any schema exists, in the chunk that loads zod, not in the first chunk
 * of every page (which then carried part of zod's core for this one call).
 *
 * zod compiles fast object parsers with `new Function`, after probing whether eval is allowed. Our
 * Content Security Policy forbids eval, so the probe only produced a policy violation report on every
 * page load.
 */
import { z } from 'zod/v4';

z.config({ jitless: true });

export * from 'zod/v4';
