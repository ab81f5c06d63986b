export { TemplatesHeaderActions } from './components/templates-header-actions';
export { TemplateButton } from './components/template-button';
export { TemplateReplyParts, withoutHeadingOnItsWay } from './components/template-reply-parts';
export type { TemplateRun } from './template-run';
export { useTemplate, workspaceTemplatesKey } from './api/use-templates';
