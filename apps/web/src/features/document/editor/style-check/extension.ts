import { Extension } from '@tiptap/core';
import { Plugin, PluginKey, TextSelection, type EditorState, type Transaction } from '@tiptap/pm/state';
import { Decoration, DecorationSet, type EditorView } from '@tiptap/pm/view';
import type { StyleLanguage, StyleRule } from '@redacta/shared';
import { placeFindings, textBlocks, type Finding } from './blocks';
import { runCheck } from './run-check';

export interface StyleCheckStorage {
  /** Set by the style popover while it is shown: moves the focus into it. */
  openIssue: (() => boolean) | null;
  /**
   * Set by the selection's AI panel: rewrites the selected text without a banned phrase and shows the
   * result to accept or discard (false when it cannot run now).
   */
  rewriteWithout: ((phrase: string) => boolean) | null;
}

declare module '@tiptap/core' {
  interface Storage {
    styleCheck: StyleCheckStorage;
  }
}

/** Typing pauses this long before the document is checked again. */
const DEBOUNCE_MS = 250;

interface StyleCheckState {
  rules: StyleRule[];
  language: StyleLanguage;
  ignored: ReadonlySet<string>;
  findings: Finding[];
  decorations: DecorationSet;
}

type Meta =
  | { type: 'rules'; rules: StyleRule[]; language: StyleLanguage }
  | { type: 'findings'; findings: Finding[] }
  | { type: 'ignore'; key: string };

export const styleCheckKey = new PluginKey<StyleCheckState>('styleCheck');

export const findingKey = (finding: Finding) => `${finding.violation.ruleId}\u0000${finding.violation.found}`;

function decorate(state: EditorState, findings: Finding[]): DecorationSet {
  return DecorationSet.create(
    state.doc,
    findings.map((finding, index) =>
      Decoration.inline(
        finding.from,
        finding.to,
        {
          class: finding.violation.suggestion === null ? 'style-issue style-issue-limit' : 'style-issue',
          'data-style-issue': String(index),
        },
        { finding },
      ),
    ),
  );
}

/** Findings moved along with the edits made since they were computed; one an edit went through is dropped. */
function mapFindings(findings: Finding[], tr: Transaction): Finding[] {
  return findings.flatMap((finding) => {
    const from = tr.mapping.mapResult(finding.from, 1);
    const to = tr.mapping.mapResult(finding.to, -1);
    if (from.deletedAcross || to.deletedAcross || to.pos <= from.pos) return [];
    const fix = finding.fix && {
      ...finding.fix,
      from: tr.mapping.map(finding.fix.from, 1),
      to: tr.mapping.map(finding.fix.to, -1),
    };
    const sentence = finding.sentence && {
      from: tr.mapping.map(finding.sentence.from, 1),
      to: tr.mapping.map(finding.sentence.to, -1),
    };
    return [{ ...finding, from: from.pos, to: to.pos, fix, sentence }];
  });
}

/** The finding under the cursor, if any: what the popover offers to fix or ignore. */
export function findingAtSelection(state: EditorState): Finding | null {
  const plugin = styleCheckKey.getState(state);
  if (!plugin) return null;
  const { from, to } = state.selection;
  // A term under the caret wins over the sentence or paragraph around it.
  const here = plugin.findings.filter((finding) => finding.from <= from && to <= finding.to);
  return here.sort((a, b) => a.to - a.from - (b.to - b.from))[0] ?? null;
}

/**
 * Fixes a finding with an ordinary transaction, so it goes through the live document to everyone. A
 * banned phrase has no such fix: rewriteFinding asks for its sentence's rewrite.
 */
export function fixFinding(view: EditorView, finding: Finding): void {
  if (!finding.fix) return;
  const { from, to, text } = finding.fix;
  const tr = text ? view.state.tr.insertText(text, from, to) : view.state.tr.delete(from, to);
  view.dispatch(tr.scrollIntoView());
}

/**
 * A banned phrase's fix: selects the sentence that holds it and has the selection's AI panel rewrite
 * it without the phrase, its result shown in place to accept (an ordinary editor transaction, which
 * co-editors and undo see) or discard. False when there is no sentence or no panel to do it.
 */
export function rewriteFinding(view: EditorView, storage: StyleCheckStorage, finding: Finding): boolean {
  if (!finding.sentence || !storage.rewriteWithout) return false;
  const { from, to } = finding.sentence;
  view.dispatch(view.state.tr.setSelection(TextSelection.create(view.state.doc, from, to)).scrollIntoView());
  return storage.rewriteWithout(finding.violation.found);
}

export function ignoreFinding(view: EditorView, finding: Finding): void {
  view.dispatch(
    view.state.tr.setMeta(styleCheckKey, { type: 'ignore', key: findingKey(finding) } satisfies Meta),
  );
}

export function setStyleRules(view: EditorView, rules: StyleRule[], language: StyleLanguage): void {
  view.dispatch(view.state.tr.setMeta(styleCheckKey, { type: 'rules', rules, language } satisfies Meta));
}

/** Checks the document after each pause in typing and whenever the rules change. */
function checker(view: EditorView) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let run = 0;
  const check = async () => {
    const state = styleCheckKey.getState(view.state);
    if (!state) return;
    run += 1;
    const mine = run;
    const doc = view.state.doc;
    const blocks = state.rules.length === 0 ? [] : textBlocks(doc);
    const violations = await runCheck(
      blocks.map((block) => block.text),
      state.rules,
      state.language,
    );
    // A newer check is on its way, or the editor is gone: this answer is stale.
    if (mine !== run || view.isDestroyed || view.state.doc !== doc) return;
    const current = styleCheckKey.getState(view.state)!;
    if (blocks.length === 0 && current.findings.length === 0) return;
    const findings = blocks
      .flatMap((block, i) => placeFindings(block, violations[i] ?? []))
      .filter((finding) => !current.ignored.has(findingKey(finding)));
    view.dispatch(view.state.tr.setMeta(styleCheckKey, { type: 'findings', findings } satisfies Meta));
  };
  const schedule = () => {
    clearTimeout(timer);
    timer = setTimeout(() => void check(), DEBOUNCE_MS);
  };
  return {
    update(_: EditorView, previous: EditorState) {
      const before = styleCheckKey.getState(previous);
      const after = styleCheckKey.getState(view.state);
      if (view.state.doc !== previous.doc || before?.rules !== after?.rules) schedule();
    },
    destroy() {
      clearTimeout(timer);
    },
  };
}

/**
 * Underlines what breaks the workspace's style rules as the team types: ProseMirror decorations,
 * recomputed after a pause in typing (in a Web Worker for long documents), moved with the text in
 * between. Fix and ignore act on the finding under the cursor (the document's style popover); Alt+Enter
 * takes the keyboard there.
 */
export const StyleCheck = Extension.create<Record<string, never>, StyleCheckStorage>({
  name: 'styleCheck',
  addStorage() {
    return { openIssue: null, rewriteWithout: null };
  },
  addKeyboardShortcuts() {
    return { 'Alt-Enter': () => this.storage.openIssue?.() ?? false };
  },
  addProseMirrorPlugins() {
    return [
      new Plugin<StyleCheckState>({
        key: styleCheckKey,
        state: {
          init: (_, state) => ({
            rules: [],
            language: 'es',
            ignored: new Set(),
            findings: [],
            decorations: DecorationSet.create(state.doc, []),
          }),
          apply(tr, value, _, state) {
            const meta = tr.getMeta(styleCheckKey) as Meta | undefined;
            if (meta?.type === 'rules') return { ...value, rules: meta.rules, language: meta.language };
            if (meta?.type === 'findings') {
              return { ...value, findings: meta.findings, decorations: decorate(state, meta.findings) };
            }
            if (meta?.type === 'ignore') {
              const ignored = new Set(value.ignored).add(meta.key);
              const findings = value.findings.filter((finding) => findingKey(finding) !== meta.key);
              return { ...value, ignored, findings, decorations: decorate(state, findings) };
            }
            if (!tr.docChanged) return value;
            const findings = mapFindings(value.findings, tr);
            return { ...value, findings, decorations: decorate(state, findings) };
          },
        },
        props: {
          decorations: (state) => styleCheckKey.getState(state)?.decorations,
        },
        view: checker,
      }),
    ];
  },
});
