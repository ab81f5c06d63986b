/**
 * The chat's limits the web app needs before any request is checked: plain constants, apart from
 * chat.ts, whose schemas (built when the module loads) would bring zod into the chat's first load.
 */
export const CHAT_MESSAGE_MAX_LENGTH = 8000;
/** The most versions of a reply one request may ask for. */
export const MAX_REPLY_VARIANTS = 3;
/**
 * The longest a reply may be saved as when it is edited in the chat (its style fixes): far above what
 * one model call writes (a reply is bounded by its words), so a fixed reply always fits.
 */
export const REPLY_CONTENT_MAX_LENGTH = 100_000;
/** The most findings one reply may keep ignored, and how long each one's key may be (see ignoreKey). */
export const IGNORED_FINDINGS_MAX = 200;
export const IGNORED_FINDING_KEY_MAX_LENGTH = 500;
