export { useStyleRules } from './api/use-style-rules';
export { useReplyStyle, type ReplyStyle } from './use-reply-style';
export { ReplyStyleIssues } from './components/reply-style-issues';
export { violationText } from './violation-text';
