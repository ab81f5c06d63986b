export { ChatHeaderActions, ChatTitle } from './components/chat-header';
export { COMPOSER_ID } from './components/composer-id';
