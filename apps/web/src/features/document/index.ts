export { DocumentProvider } from './document-provider';
export { useDocumentInsert } from './use-document-insert';
export { DocumentPanel } from './components/document-panel';
export { LostEditsDialog } from './components/lost-edits-dialog';
