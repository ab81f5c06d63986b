/** Everything that needs TipTap, behind one dynamic import (see load-editor.ts). */
export { DocumentEditor } from '../components/document-editor';
export { headlessAppender, livePlainText } from './headless-appender';
