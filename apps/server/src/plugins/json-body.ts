import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors.ts';

/**
 * How deeply arrays and objects may nest in a JSON request body. The deepest legitimate body is a
 * document (about two levels per nested list or quote); this is far above any real one and far below
 * what could exhaust a stack anywhere a body goes (the validator, the database, the database thread).
 */
export const JSON_BODY_MAX_DEPTH = 100;

/**
 * Whether `text` opens more than `max` arrays and objects inside one another, read as JSON: one pass
 * over the characters, brackets inside strings ignored, no recursion and no parse. Malformed JSON is
 * left for the parser to refuse.
 */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i);
    if (inString) {
      if (char === 0x5c /* \ */) i++;
      else if (char === 0x22 /* " */) inString = false;
    } else if (char === 0x22) inString = true;
    else if (char === 0x7b /* { */ || char === 0x5b /* [ */) {
      if (++depth > max) return true;
    } else if (char === 0x7d /* } */ || char === 0x5d /* ] */) depth--;
  }
  return false;
}

/**
 * Every JSON body is checked for depth before it is parsed, then parsed by Fastify's own parser (which
 * also refuses `__proto__` and `constructor` poisoning). A body nested deeper than JSON_BODY_MAX_DEPTH
 * is a 400 before any of our code sees it.
 */
export const jsonBodyPlugin = fp(async (app: FastifyInstance) => {
  const parse = app.getDefaultJsonParser(
    app.initialConfig.onProtoPoisoning ?? 'error',
    app.initialConfig.onConstructorPoisoning ?? 'error',
  );
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (nestsDeeperThan(body as string, JSON_BODY_MAX_DEPTH)) {
      const message = `The JSON body nests deeper than ${JSON_BODY_MAX_DEPTH} levels`;
      return done(new AppError('VALIDATION_FAILED', message), undefined);
    }
    parse(request, body as string, done);
  });
});
