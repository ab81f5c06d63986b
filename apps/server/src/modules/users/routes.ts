import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  changeEmailBodySchema,
  changeEmailResponseSchema,
  changeLocaleBodySchema,
  changeNameBodySchema,
  changeNameResponseSchema,
} from '@redacta/shared';
import { closedToApiKeys, signedInSchemas } from '../../lib/route-options.ts';
import { limits } from '../../lib/rate-limits.ts';
import { changeEmail, changeLocale, changeName } from './service.ts';

const HOUR = 60 * 60 * 1000;

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const schema = signedInSchemas({ tag: 'user' });
  app.addHook('onRequest', app.authenticate);
  closedToApiKeys(app);

  app.patch(
    '/change-name',
    {
      schema: schema({
        operationId: 'changeUserName',
        summary: 'Change first and last name',
        body: changeNameBodySchema,
        bodyExample: { firstName: 'Ana', lastName: 'García' },
        response: { 200: changeNameResponseSchema },
      }),
    },
    (request) => changeName(app, request.userId, request.body),
  );

  app.patch(
    '/change-email',
    {
      schema: schema({
        operationId: 'changeUserEmail',
        summary: 'Without code: mail a code to the new address (204). With code: change the address (200)',
        body: changeEmailBodySchema,
        bodyExample: { email: 'ana.garcia@example.com', code: '123456' },
        response: { 200: changeEmailResponseSchema, 204: z.null().describe('Code sent to the new address') },
        errors: [409, 429],
      }),
      preHandler: limits(app, [
        {
          name: 'change-email',
          max: app.config.RATE_LIMIT_LOGIN_ATTEMPTS_PER_15MIN,
          timeWindowMs: HOUR,
          key: (request) => request.userId,
        },
      ]),
    },
    async (request, reply) => {
      const changed = await changeEmail(app, request.userId, request.body);
      return changed ?? reply.status(204).send(null);
    },
  );

  app.patch(
    '/locale',
    {
      schema: schema({
        operationId: 'setUserLocale',
        summary: 'The language for e-mails and a fresh device',
        body: changeLocaleBodySchema,
        bodyExample: { locale: 'en' },
        response: { 204: z.null() },
      }),
    },
    async (request, reply) => {
      await changeLocale(app, request.userId, request.body.locale);
      return reply.status(204).send(null);
    },
  );
};
