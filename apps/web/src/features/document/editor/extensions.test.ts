import { getSchema } from '@tiptap/core';
import { describe, expect, it } from 'vitest';
import { DOCUMENT_MARKS, DOCUMENT_NODES } from '@redacta/shared';
import { DOCUMENT_TEXTBLOCKS } from '@redacta/shared/collab/empty-textblocks';
import { documentExtensions } from './extensions';

const attributeNames = (types: Record<string, { spec: { attrs?: Record<string, unknown> | null } }>) =>
  Object.fromEntries(
    Object.entries(types).map(([name, type]) => [name, Object.keys(type.spec.attrs ?? {}).sort()]),
  );
const ruleNames = (rules: Record<string, Record<string, unknown>>) =>
  Object.fromEntries(Object.entries(rules).map(([name, attrs]) => [name, Object.keys(attrs).sort()]));

describe("the editor's schema", () => {
  // The server refuses any node, mark or attribute outside the shared description: an editor that
  // could write one would lose that person's change; one the editor cannot write is an attack.
  it('has exactly the nodes, marks and attributes the server accepts', () => {
    const schema = getSchema(documentExtensions());
    expect(attributeNames(schema.nodes)).toEqual(ruleNames(DOCUMENT_NODES));
    expect(attributeNames(schema.marks)).toEqual(ruleNames(DOCUMENT_MARKS));
  });

  // The server gives each empty textblock of a stored document its text, as the editor's binding does.
  it('has exactly the textblocks the server knows', () => {
    const schema = getSchema(documentExtensions());
    const textblocks = Object.values(schema.nodes).filter((type) => type.isTextblock);
    expect(textblocks.map((type) => type.name).sort()).toEqual([...DOCUMENT_TEXTBLOCKS].sort());
  });

  it('writes default attribute values the server accepts', () => {
    const schema = getSchema(documentExtensions());
    for (const [table, types] of [
      [DOCUMENT_NODES, schema.nodes],
      [DOCUMENT_MARKS, schema.marks],
    ] as const) {
      for (const [name, type] of Object.entries(types)) {
        for (const [attribute, spec] of Object.entries(type.spec.attrs ?? {})) {
          const value = (spec as { default?: unknown }).default ?? null;
          // A link's address has no default: the editor always sets one.
          if (name === 'link' && attribute === 'href') continue;
          expect(value === null || table[name]![attribute]!(value), `${name}.${attribute}`).toBe(true);
        }
      }
    }
  });
});
