export { useUnsavedChanges } from './use-unsaved-changes';
