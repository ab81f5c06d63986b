import { CASES } from './rounds';
import { typingAtOnce } from './typing-at-once';

typingAtOnce(CASES.pasteWhileTyping, 2);
typingAtOnce(CASES.pasteWhileTyping, 3);
