import { CASES } from './rounds';
import { typingAtOnce } from './typing-at-once';

typingAtOnce(CASES.emptyParagraph, 2);
typingAtOnce(CASES.emptyParagraph, 3);
