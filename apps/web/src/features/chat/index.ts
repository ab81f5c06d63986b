export { ChatHeaderActions, ChatTitle } from './components/chat-header';
