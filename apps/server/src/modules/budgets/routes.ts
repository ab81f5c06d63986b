import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  idParamsSchema,
  memberBudgetBodySchema,
  memberBudgetParamsSchema,
  memberBudgetResponseSchema,
  usageBreakdownQuerySchema,
  usageBreakdownSchema,
  type ErrorBody,
} from '@redacta/shared';
import { signedInSchemas } from '../../lib/route-options.ts';
import { breakdownCsv, usageBreakdown, userLocale } from './breakdown.ts';
import { setMemberBudget } from './service.ts';
import { recordAuditInEach } from '../audit/index.ts';

/**
 * Usage per member and budgets (docs/product.md, "Usage per member and budgets"): the month's words by
 * member and by project (the owner sees everyone, a member themselves), as JSON or CSV, and the owner's
 * monthly budget per member. Another workspace, or someone not in it, is 404.
 */
export const budgetRoutes: FastifyPluginAsyncZod = async (app) => {
  const schema = signedInSchemas({ tag: 'usage', errors: [404] });
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/workspace/:id/usage/breakdown',
    {
      schema: schema({
        operationId: 'getUsageBreakdown',
        summary: 'Words charged in a month (UTC) by member and by project',
        description:
          'The owner sees every member (and anyone charged that month who has left) and every project; a ' +
          'member sees only their own words. Words made with an API key count to its creator, listed by key.',
        params: idParamsSchema,
        querystring: usageBreakdownQuerySchema,
        response: { 200: usageBreakdownSchema },
      }),
    },
    (request) => usageBreakdown(app.db, request.params.id, request.userId, request.query.month),
  );

  app.get(
    '/workspace/:id/usage/breakdown/export',
    {
      schema: schema({
        operationId: 'exportUsageBreakdown',
        summary: "The month's breakdown as CSV, in the language of the asking person's profile",
        description: 'CSV in UTF-8 with a BOM; cells that start with = + - @ are escaped.',
        params: idParamsSchema,
        querystring: usageBreakdownQuerySchema,
      }),
    },
    async (request, reply) => {
      const breakdown = await usageBreakdown(app.db, request.params.id, request.userId, request.query.month);
      const file = breakdownCsv(breakdown, await userLocale(app.db, request.userId));
      await recordAuditInEach(app.db, [request.params.id], {
        action: 'usage.exported',
        target: { type: 'usage', label: file.fileName },
        after: { month: breakdown.month },
      });
      return (
        reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${file.fileName}"`)
          // A file, not JSON: with no 200 schema declared, the typed reply knows only the error bodies.
          .send(file.body as unknown as ErrorBody)
      );
    },
  );

  app.put(
    '/workspace/:id/member/:userId/budget',
    {
      schema: schema({
        operationId: 'setMemberBudget',
        summary:
          "Set or remove a member's monthly word budget (the owner: anyone's, their own included; an admin: members')",
        description:
          "Enforced with the plan's allowance on every plan: once the words charged to the member this month " +
          'reach it, their AI calls answer 403 MEMBER_BUDGET_EXHAUSTED. null removes the cap.',
        params: memberBudgetParamsSchema,
        body: memberBudgetBodySchema,
        bodyExample: { monthlyWords: 20000 },
        response: { 200: memberBudgetResponseSchema },
        errors: [403],
      }),
    },
    (request) =>
      setMemberBudget(app.db, {
        workspaceId: request.params.id,
        ownerId: request.userId,
        userId: request.params.userId,
        monthlyWords: request.body.monthlyWords,
      }),
  );
};
