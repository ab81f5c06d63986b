import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  STYLE_RULES_PER_WORKSPACE,
  idParamsSchema,
  putStyleRulesBodySchema,
  styleCheckBodySchema,
  styleCheckResponseSchema,
  styleRulesResponseSchema,
} from '@redacta/shared';
import { signedInSchemas } from '../../lib/route-options.ts';
import { checkWorkspaceStyle, getStyleRules, putStyleRules } from './service.ts';

/** Registered under /api/workspace. */
export const styleRuleRoutes: FastifyPluginAsyncZod = async (app) => {
  const schema = signedInSchemas({ tag: 'style-rules', errors: [404] });
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/:id/style-rules',
    {
      schema: schema({
        operationId: 'listStyleRules',
        summary: "The workspace's style rules, in the order the page shows them, each with its id",
        params: idParamsSchema,
        response: { 200: styleRulesResponseSchema },
      }),
    },
    (request) => getStyleRules(app.db, request.params.id, request.userId),
  );

  app.put(
    '/:id/style-rules',
    {
      schema: schema({
        operationId: 'replaceStyleRules',
        summary:
          "Replace the workspace's style rules (owner and admins only: 403 NOT_WORKSPACE_OWNER for a member)",
        description:
          `At most ${STYLE_RULES_PER_WORKSPACE} rules. A rule sent with its id keeps it; a rule without one gets a new id. ` +
          'Each rule applies to its `language`, or to both when it has none.',
        params: idParamsSchema,
        body: putStyleRulesBodySchema,
        bodyExample: {
          rules: [
            { kind: 'prefer', use: 'customer', avoid: ['client'] },
            { kind: 'ban', phrase: 'synergy', language: 'en' },
            { kind: 'max-sentence-words', value: 30 },
          ],
        },
        response: { 200: styleRulesResponseSchema },
        errors: [403],
      }),
    },
    (request) => putStyleRules(app.db, request.params.id, request.userId, request.body),
  );

  app.post(
    '/:id/style-check',
    {
      schema: schema({
        operationId: 'checkStyle',
        summary: "Check a text against the workspace's style rules for its language",
        description:
          'Violations in order of position, with UTF-16 indices into the text as sent; `suggestion` is the replacement ' +
          '("" for a banned phrase, which nothing replaces word for word: its sentence is rewritten without it, ' +
          '`POST /document/transform` with `action: "avoid"`; null for a limit). Deterministic: the same text and ' +
          'rules give the same answer.',
        params: idParamsSchema,
        body: styleCheckBodySchema,
        bodyExample: { text: 'Our clients love the new range!', language: 'en' },
        response: { 200: styleCheckResponseSchema },
      }),
      // A check reads the rules and changes nothing.
      config: { apiKey: 'read' },
    },
    (request) => checkWorkspaceStyle(app.db, request.params.id, request.userId, request.body),
  );
};
