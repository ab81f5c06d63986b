/** The id of the chat's message field: the layout's "skip to message" link points at it. */
export const COMPOSER_ID = 'chat-message';
