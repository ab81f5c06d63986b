/**
 * The chat's limits the web app needs before any request is checked: plain constants, apart from
 * chat.ts, whose schemas (built when the module loads) would bring zod into the chat's first load.
 */
export const CHAT_MESSAGE_MAX_LENGTH = 8000;
/** The most versions of a reply one request may ask for. */
export const MAX_REPLY_VARIANTS = 3;
