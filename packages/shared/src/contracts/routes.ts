import type { ZodType } from 'zod';
import { apiKeyListSchema, createdApiKeySchema } from './api-keys.ts';
import { createdScimTokenSchema, scimSettingsSchema } from './scim.ts';
import {
  authProvidersResponseSchema,
  loginResponseSchema,
  refreshResponseSchema,
  sessionUserSchema,
} from './auth.ts';
import {
  analyzeContentResponseSchema,
  brandVoiceListResponseSchema,
  brandVoiceSchema,
} from './brand-voices.ts';
import {
  conversationPageSchema,
  editedReplySchema,
  improvePromptResponseSchema,
  premiumModelStatusSchema,
  reactionResponseSchema,
  showReplyVersionResponseSchema,
} from './chat.ts';
import {
  documentVersionDetailSchema,
  documentVersionListResponseSchema,
  documentVersionSchema,
  restoreDocumentVersionResponseSchema,
} from './document-versions.ts';
import { folderListResponseSchema, folderSchema } from './folders.ts';
import { generateResponseSchema } from './generate.ts';
import {
  batchListResponseSchema,
  batchRowSchema,
  batchRowsResponseSchema,
  batchSchema,
  createdBatchSchema,
} from './batches.ts';
import {
  knowledgeCreatedSchema,
  knowledgeListResponseSchema,
  knowledgeSearchResponseSchema,
} from './knowledge.ts';
import {
  createProjectResponseSchema,
  documentResponseSchema,
  projectListResponseSchema,
  projectSchema,
  shareProjectResponseSchema,
  updateDocumentResponseSchema,
} from './projects.ts';
import {
  createCustomPromptResponseSchema,
  promptGroupsResponseSchema,
  updateCustomPromptResponseSchema,
} from './prompts.ts';
import {
  priceListResponseSchema,
  redirectUrlResponseSchema,
  sandboxCheckoutSchema,
  subscriptionSummarySchema,
} from './billing.ts';
import {
  acceptInvitationResponseSchema,
  invitationPreviewSchema,
  inviteResponseSchema,
  memberSchema,
  membersResponseSchema,
  pendingInvitationSchema,
  pendingInvitationsResponseSchema,
} from './teams.ts';
import { storageUsageSchema } from './storage.ts';
import { memberBudgetResponseSchema, usageBreakdownSchema } from './budgets.ts';
import { templateListResponseSchema, templateSchema } from './templates.ts';
import { styleCheckResponseSchema, styleRulesResponseSchema } from './style-rules.ts';
import { changeEmailResponseSchema, changeNameResponseSchema } from './user.ts';
import {
  accountDeletionPlanSchema,
  latestWorkspaceExportSchema,
  personalExportSchema,
  workspaceExportSchema,
} from './gdpr.ts';
import {
  renameWorkspaceResponseSchema,
  workspaceListResponseSchema,
  workspaceUsageSchema,
} from './workspace.ts';
import {
  createdWebhookSchema,
  redeliveredWebhookSchema,
  rotatedWebhookSecretSchema,
  webhookDeliveryListSchema,
  webhookListSchema,
  webhookSchema,
} from './webhooks.ts';
import { ssoDomainSchema, ssoSettingsSchema } from './sso.ts';
import { auditActorListSchema, auditListSchema } from './audit.ts';

/**
 * The JSON body of each API route's successful answer, keyed by "METHOD path" under /api, with
 * `:name` for a path parameter. Routes that answer 204 only, redirect or stream are not here. The
 * server checks this table against its OpenAPI document, and the web client checks answers against
 * it in development and tests, so a response that drifts from its contract fails a test.
 */
export const responseSchemas = {
  'POST /auth/login': loginResponseSchema,
  'GET /auth/refresh': refreshResponseSchema,
  'GET /auth/user': sessionUserSchema,
  'GET /auth/providers': authProvidersResponseSchema,

  'PATCH /user/change-name': changeNameResponseSchema,
  'PATCH /user/change-email': changeEmailResponseSchema,
  'GET /user/export': personalExportSchema,
  'GET /user/deletion': accountDeletionPlanSchema,

  'GET /workspace/list': workspaceListResponseSchema,
  'PATCH /workspace/rename/:id': renameWorkspaceResponseSchema,
  'GET /workspace/:id/usage': workspaceUsageSchema,
  'GET /workspace/:id/usage/breakdown': usageBreakdownSchema,
  'PUT /workspace/:id/member/:userId/budget': memberBudgetResponseSchema,
  'GET /workspace/:id/storage': storageUsageSchema,
  'POST /workspace/:id/export': workspaceExportSchema,
  'GET /workspace/:id/export': latestWorkspaceExportSchema,
  'GET /workspace/:id/export/:exportId': workspaceExportSchema,

  'GET /workspace/:id/members': membersResponseSchema,
  'PUT /workspace/:id/member/:userId/role': memberSchema,
  'POST /workspace/:id/invite': inviteResponseSchema,
  'GET /workspace/:id/pending-invitations': pendingInvitationsResponseSchema,
  'POST /invitation-to-workspace/:id/resend': pendingInvitationSchema,
  'POST /invitation-to-workspace/preview': invitationPreviewSchema,
  'POST /workspace/add-user-by-token': acceptInvitationResponseSchema,

  'GET /price': priceListResponseSchema,
  'GET /workspace/:id/subscription': subscriptionSummarySchema,
  'POST /subscription/create-subscription': redirectUrlResponseSchema,
  'POST /subscription/create-portal-session': redirectUrlResponseSchema,
  'POST /subscription/upgrade-to-yearly': subscriptionSummarySchema,
  'DELETE /subscription/cancel-subscription': subscriptionSummarySchema,
  'POST /subscription/resume': subscriptionSummarySchema,
  'PATCH /subscription/request-unsubscription-discount': subscriptionSummarySchema,
  'POST /workspace/:id/buy-additional-seat': subscriptionSummarySchema,
  'GET /subscription/sandbox/:sessionId': sandboxCheckoutSchema,
  'POST /subscription/sandbox/:sessionId/confirm': redirectUrlResponseSchema,
  'POST /subscription/sandbox/:sessionId/cancel': redirectUrlResponseSchema,

  'POST /workspace/:id/project': createProjectResponseSchema,
  'GET /workspace/:id/projects': projectListResponseSchema,
  'GET /workspace/:id/projects/no-folder': projectListResponseSchema,
  'GET /project/:id': projectSchema,
  'PATCH /project/rename/:id': projectSchema,
  'GET /project/:id/document': documentResponseSchema,
  'PATCH /project/:id/document': updateDocumentResponseSchema,
  'GET /project/:id/document/versions': documentVersionListResponseSchema,
  'GET /project/:id/document/versions/:versionId': documentVersionDetailSchema,
  'POST /project/:id/document/versions': documentVersionSchema,
  'POST /project/:id/document/versions/:versionId/restore': restoreDocumentVersionResponseSchema,
  'PATCH /project/:id/share-to-workspace': shareProjectResponseSchema,
  'PATCH /project/:id/move-to-folder/:folderId': projectSchema,

  'POST /folder': folderSchema,
  'PATCH /folder/rename/:id': folderSchema,
  'GET /folder/:id/projects': projectListResponseSchema,
  'GET /workspace/:id/folders': folderListResponseSchema,

  'POST /chat/improve': improvePromptResponseSchema,
  'GET /project/:id/conversation': conversationPageSchema,
  'PATCH /project/:id/conversation/shown-version': showReplyVersionResponseSchema,
  'PATCH /project/:id/conversation/entry/:entryId': editedReplySchema,
  'PATCH /workspace/:id/add-reaction/:reactionId': reactionResponseSchema,
  'PATCH /workspace/gpt-4/enable': premiumModelStatusSchema,
  'PATCH /workspace/gpt-4/disable': premiumModelStatusSchema,
  'GET /workspace/:id/gpt-4/status': premiumModelStatusSchema,

  'GET /brand-voice/workspace/:id': brandVoiceListResponseSchema,
  'POST /brand-voice/workspace/:id': brandVoiceSchema,
  'PATCH /brand-voice/analyze-content': analyzeContentResponseSchema,
  'GET /brand-voice/:id': brandVoiceSchema,
  'PATCH /brand-voice/:id': brandVoiceSchema,

  'POST /workspace/:id/knowledge': knowledgeCreatedSchema,
  'POST /workspace/:id/knowledge/url': knowledgeCreatedSchema,
  'GET /workspace/:id/knowledge': knowledgeListResponseSchema,
  'GET /workspace/:id/knowledge/search': knowledgeSearchResponseSchema,
  'GET /workspace/:id/style-rules': styleRulesResponseSchema,
  'PUT /workspace/:id/style-rules': styleRulesResponseSchema,
  'POST /workspace/:id/style-check': styleCheckResponseSchema,

  'GET /prompt/by-workspace/:id': promptGroupsResponseSchema,
  'POST /prompt/custom': createCustomPromptResponseSchema,
  'PATCH /prompt/custom/:id': updateCustomPromptResponseSchema,

  'GET /workspace/:id/templates': templateListResponseSchema,
  'POST /workspace/:id/templates': templateSchema,
  'GET /template/:id': templateSchema,
  'PATCH /template/:id': templateSchema,

  'POST /workspace/:id/batches': createdBatchSchema,
  'POST /workspace/:id/generate': generateResponseSchema,
  'GET /workspace/:id/batches': batchListResponseSchema,
  'GET /batch/:id': batchSchema,
  'PATCH /batch/:id': createdBatchSchema,
  'POST /batch/:id/start': batchSchema,
  'POST /batch/:id/pause': batchSchema,
  'POST /batch/:id/resume': batchSchema,
  'POST /batch/:id/cancel': batchSchema,
  'GET /batch/:id/rows': batchRowsResponseSchema,
  'PATCH /batch/:id/row/:index': batchRowSchema,
  'POST /batch/:id/row/:index/regenerate': batchRowSchema,

  'GET /workspace/:id/api-keys': apiKeyListSchema,
  'POST /workspace/:id/api-keys': createdApiKeySchema,

  'GET /workspace/:id/scim': scimSettingsSchema,
  'POST /workspace/:id/scim/token': createdScimTokenSchema,
  'PUT /workspace/:id/scim/admin-groups': scimSettingsSchema,

  'GET /workspace/:id/webhooks': webhookListSchema,
  'POST /workspace/:id/webhooks': createdWebhookSchema,
  'PATCH /webhook/:id': webhookSchema,
  'POST /webhook/:id/rotate-secret': rotatedWebhookSecretSchema,
  'GET /webhook/:id/deliveries': webhookDeliveryListSchema,
  'POST /webhook-delivery/:id/redeliver': redeliveredWebhookSchema,

  'GET /workspace/:id/sso': ssoSettingsSchema,
  'PUT /workspace/:id/sso': ssoSettingsSchema,
  'POST /workspace/:id/sso/domains': ssoDomainSchema,
  'POST /workspace/:id/sso/domains/:domain/verify': ssoDomainSchema,
  'GET /workspace/:id/audit': auditListSchema,
  'GET /workspace/:id/audit/actors': auditActorListSchema,
} satisfies Record<string, ZodType>;

export type ResponseRoute = keyof typeof responseSchemas;

interface Pattern {
  route: ResponseRoute;
  method: string;
  segments: string[];
  literals: number;
}

const patterns: Pattern[] = (Object.keys(responseSchemas) as ResponseRoute[]).map((route) => {
  const [method, path] = route.split(' ') as [string, string];
  const segments = path.split('/').slice(1);
  return { route, method, segments, literals: segments.filter((s) => !s.startsWith(':')).length };
});

/**
 * The route a request goes to and the schema of its answer, or undefined for a route with no JSON
 * answer. `path` is under /api and may carry a query string; a literal segment wins over a
 * parameter (`/brand-voice/analyze-content` is not `/brand-voice/:id`).
 */
export function findResponseRoute(
  method: string,
  path: string,
): { route: ResponseRoute; schema: ZodType } | undefined {
  const segments = (path.split('?')[0] ?? '').split('/').slice(1);
  let best: Pattern | undefined;
  for (const pattern of patterns) {
    if (pattern.method !== method.toUpperCase() || pattern.segments.length !== segments.length) continue;
    const matches = pattern.segments.every((segment, i) =>
      segment.startsWith(':') ? segments[i] !== '' : segment === segments[i],
    );
    if (matches && (!best || pattern.literals > best.literals)) best = pattern;
  }
  return best && { route: best.route, schema: responseSchemas[best.route] };
}
