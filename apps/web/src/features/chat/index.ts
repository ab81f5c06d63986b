export { ChatHeaderActions, ChatTitle } from './components/chat-header';
export { conversationQueryOptions } from './api/use-conversation';
