import { CASES } from './rounds';
import { typingAtOnce } from './typing-at-once';

typingAtOnce(CASES.lineStart, 2);
typingAtOnce(CASES.lineStart, 3);
