import { Fragment, type ReactNode } from 'react';
import { ReplyLink } from './reply-link';

/**
 * Most replies are written in a small part of markdown: ATX headings, paragraphs, tight bullet lists
 * of one line per item, one-paragraph quotes, bold, italics and web links. This draws such a reply
 * without the markdown renderer (react-markdown with GFM, a chunk of its own whose parser is the
 * costliest part of a long conversation's first draw), and draws it exactly as that renderer does:
 * the same elements, the same text, the same line breaks between blocks (simple-markdown.test.tsx
 * compares the two). Anything outside that part — or that might be read otherwise by the full
 * parser (escapes, HTML, entities, autolinks, code, tables, nesting, underscores, lazy lines) — makes
 * `simpleMarkdown` return null, and the reply is drawn by the full renderer.
 */
type Inline =
  string | { tag: 'strong' | 'em'; children: Inline[] } | { tag: 'a'; href: string; text: string };

type Block =
  | { tag: 'h1' | 'h2' | 'h3' | 'h4' | 'h5' | 'h6' | 'p' | 'blockquote'; inline: Inline[] }
  | { tag: 'ul'; items: Inline[][] };

/** Characters that start syntax this path does not draw, anywhere in a text. */
const OUTSIDE_TEXT = /[\\`<&~|_@\ufeff]|!\[|www\.|https?:\/\/|(?!\n)\p{Cc}/iu;
/** Line starts that begin another kind of block (lists, code, breaks, setext underlines…). */
const OTHER_BLOCK = /^(?:[ #>=+_`~|<-]|[*+-](?: |$)|\d{1,9}[.)](?: |$))/;
/** A web address as the full renderer keeps it, unchanged and safe. */
const WEB_ADDRESS = /^https?:\/\/[A-Za-z0-9\-._~/?#=+,;:]+$/;
/** Link text: plain words only. */
const LINK_TEXT = /^[^[\]*\n]+$/;

const isWhitespace = (char: string | undefined) => char === undefined || /\s/.test(char);
const isSurrogate = (char: string | undefined) => char !== undefined && /[\ud800-\udfff]/.test(char);
const isPunctuation = (char: string | undefined) => char !== undefined && /[\p{P}\p{S}]/u.test(char);

/** The inline content of a text, or null when it holds anything but words, emphasis and web links. */
function parseInline(text: string): Inline[] | null {
  if (text === '') return null;
  const root: Inline[] = [];
  const open: { length: number; children: Inline[] }[] = [];
  let children = root;
  let plain = '';
  const flush = () => {
    if (plain !== '') children.push(plain);
    plain = '';
  };
  for (let at = 0; at < text.length;) {
    const char = text[at]!;
    if (char === '[') {
      const close = text.indexOf('](', at);
      const end = close < 0 ? -1 : text.indexOf(')', close);
      if (end < 0) return null;
      const label = text.slice(at + 1, close);
      const href = text.slice(close + 2, end);
      if (!LINK_TEXT.test(label) || !WEB_ADDRESS.test(href) || OUTSIDE_TEXT.test(label)) return null;
      flush();
      children.push({ tag: 'a', href, text: label });
      at = end + 1;
      continue;
    }
    if (char === ']') return null;
    if (char !== '*') {
      plain += char;
      at += 1;
      continue;
    }
    let run = 1;
    while (text[at + run] === '*') run += 1;
    if (run > 2) return null;
    const before = text[at - 1];
    const after = text[at + run];
    // Beside half of a character outside the 16-bit range (an emoji) the parsers may disagree.
    if (isSurrogate(before) || isSurrogate(after)) return null;
    const leftFlanking =
      !isWhitespace(after) && (!isPunctuation(after) || isWhitespace(before) || isPunctuation(before));
    const rightFlanking =
      !isWhitespace(before) && (!isPunctuation(before) || isWhitespace(after) || isPunctuation(after));
    // A run that may both open and close (or neither) is read by rules this path does not follow.
    if (leftFlanking === rightFlanking) return null;
    flush();
    if (leftFlanking) {
      open.push({ length: run, children });
      children = [];
    } else {
      const opener = open.pop();
      if (!opener || opener.length !== run || children.length === 0) return null;
      opener.children.push({ tag: run === 2 ? 'strong' : 'em', children });
      children = opener.children;
    }
    at += run;
  }
  flush();
  return open.length === 0 ? root : null;
}

/** The text outside link addresses must hold nothing the full parser would read as syntax. */
function plainEnough(text: string): boolean {
  return !OUTSIDE_TEXT.test(text.replace(/\]\(https?:\/\/[^)\s]*\)/g, ']'));
}

/** The blocks of a reply in the simple part of markdown, or null. */
export function parseSimpleMarkdown(content: string): Block[] | null {
  if (!plainEnough(content)) return null;
  const blocks: Block[] = [];
  /** The block the next line may continue, and its lines so far. */
  let current: { tag: 'p' | 'blockquote' | 'ul'; lines: string[] } | null = null;
  let blankAfterList = false;
  const close = () => {
    if (!current) return true;
    const { tag, lines } = current;
    current = null;
    if (tag === 'ul') {
      const items = lines.map(parseInline);
      if (items.some((item) => item === null)) return false;
      blocks.push({ tag, items: items as Inline[][] });
      return true;
    }
    const inline = parseInline(lines.join('\n'));
    if (!inline) return false;
    blocks.push({ tag, inline });
    return true;
  };
  for (const line of content.split('\n')) {
    if (line.endsWith(' ')) return null;
    if (line === '') {
      if (current?.tag === 'ul') blankAfterList = true;
      if (!close()) return null;
      continue;
    }
    const heading = /^(#{1,6}) ([^#]+)$/.exec(line);
    if (heading) {
      if (heading[2]!.startsWith(' ') || !close()) return null;
      const inline = parseInline(heading[2]!);
      if (!inline) return null;
      blocks.push({ tag: `h${heading[1]!.length}` as 'h1', inline });
      continue;
    }
    const item = /^- (.+)$/.exec(line);
    if (item) {
      if (OTHER_BLOCK.test(item[1]!)) return null;
      // An item after a blank line makes the list loose (paragraphs in its items): not drawn here.
      if (blankAfterList && !current && blocks.at(-1)?.tag === 'ul') return null;
      if (current && current.tag !== 'ul') {
        // A list may interrupt a paragraph, not a quote (whose lines could continue lazily).
        if (current.tag === 'blockquote' || !close()) return null;
      }
      current ??= { tag: 'ul', lines: [] };
      current.lines.push(item[1]!);
      blankAfterList = false;
      continue;
    }
    blankAfterList = false;
    const quote = /^> (.+)$/.exec(line);
    if (quote) {
      if (OTHER_BLOCK.test(quote[1]!)) return null;
      if (current && current.tag !== 'blockquote') {
        if (current.tag === 'ul' || !close()) return null;
      }
      current ??= { tag: 'blockquote', lines: [] };
      current.lines.push(quote[1]!);
      continue;
    }
    if (OTHER_BLOCK.test(line) || /^\*+$/.test(line)) return null;
    // A line right after a list item or a quote would continue it lazily: not drawn here.
    if (current && current.tag !== 'p') return null;
    current ??= { tag: 'p', lines: [] };
    current.lines.push(line);
  }
  if (!close()) return null;
  return blocks.length > 0 ? blocks : null;
}

function renderInline(nodes: Inline[]): ReactNode[] {
  return nodes.map((node, index) => {
    if (typeof node === 'string') return node;
    if (node.tag === 'a')
      return (
        <ReplyLink key={index} href={node.href}>
          {node.text}
        </ReplyLink>
      );
    const Tag = node.tag;
    return <Tag key={index}>{renderInline(node.children)}</Tag>;
  });
}

/** Children with a line break between them, and around them when `around`: as the full renderer puts them. */
function withLineBreaks(children: ReactNode[], around: boolean): ReactNode[] {
  const result: ReactNode[] = around ? ['\n'] : [];
  children.forEach((child, index) => {
    if (index > 0) result.push('\n');
    result.push(<Fragment key={index}>{child}</Fragment>);
  });
  if (around) result.push('\n');
  return result;
}

function renderBlock(block: Block): ReactNode {
  if (block.tag === 'ul')
    return (
      <ul>
        {withLineBreaks(
          block.items.map((item) => <li>{renderInline(item)}</li>),
          true,
        )}
      </ul>
    );
  if (block.tag === 'blockquote')
    return <blockquote>{withLineBreaks([<p>{renderInline(block.inline)}</p>], true)}</blockquote>;
  const Tag = block.tag;
  return <Tag>{renderInline(block.inline)}</Tag>;
}

/** A reply drawn without the markdown renderer, or null when it needs that renderer. */
export function simpleMarkdown(content: string): ReactNode | null {
  const blocks = parseSimpleMarkdown(content);
  return blocks ? withLineBreaks(blocks.map(renderBlock), false) : null;
}
