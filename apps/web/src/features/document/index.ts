export { DocumentProvider, LiveConnectionContext, useOpenDocument } from './document-provider';
export { useDocumentInsert } from './use-document-insert';
export { DocumentPanel } from './components/document-panel';
export { LostEditsDialog } from './components/lost-edits-dialog';
export { useTransformRun, type TransformRun } from './transform/use-transform-run';
export { TransformPreview } from './transform/transform-preview';
