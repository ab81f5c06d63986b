export { YourDataSection } from './components/your-data-section';
export { DeleteAccountSection } from './components/delete-account-section';
export { DeleteWorkspaceSection } from './components/delete-workspace-section';
export { ExportWorkspaceSection } from './components/export-workspace-section';
