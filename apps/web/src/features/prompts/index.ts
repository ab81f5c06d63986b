export { PromptLibraryButton } from './components/prompt-library-button';
