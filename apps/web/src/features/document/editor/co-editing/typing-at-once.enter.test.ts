import { CASES } from './rounds';
import { typingAtOnce } from './typing-at-once';

typingAtOnce(CASES.enter, 2);
typingAtOnce(CASES.enter, 3);
