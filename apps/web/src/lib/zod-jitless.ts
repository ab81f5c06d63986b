import { z } from 'zod';

/*
 * zod compiles fast object parsers with `new Function`, after probing whether eval is allowed. Our
 * Content Security Policy forbids eval, so the probe only produced a policy violation report on every
 * page load. Imported first by main.tsx: zod reads this when each schema is created.
 */
z.config({ jitless: true });
