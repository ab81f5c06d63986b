import { CASES } from './rounds';
import { typingAtOnce } from './typing-at-once';

typingAtOnce(CASES.lineEnd, 2);
typingAtOnce(CASES.lineEnd, 3);
