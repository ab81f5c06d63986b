import { CASES } from './rounds';
import { typingAtOnce } from './typing-at-once';

typingAtOnce(CASES.insideWord, 2);
typingAtOnce(CASES.insideWord, 3);
