import type { CatalogueCategory } from '../types.ts';

export const rewrite: CatalogueCategory = {
  key: 'rewrite',
  name: 'Rewriting',
  prompts: [
    {
      key: 'shorten',
      name: 'Shorten a text',
      text: `Cut this text down to {{target length}} without losing what matters.

Text:
{{text}}

How:
- Keep the main message, specific facts, names and the call to action.
- Remove repetition, hedging, needless adverbs and sentences that only introduce other sentences.
- Turn passive constructions and nominalisations into direct verbs ("carry out an analysis of" → "analyse").
- Keep the original's tone and voice.

Give me the shortened version, its word or character count and, below it, a short list of what you cut in case I want something back.`,
    },
    {
      key: 'expand',
      name: 'Expand a text',
      text: `Expand this text to about {{target length}} for {{target audience}}.

Text:
{{text}}

How:
- Add substance, not padding: concrete examples, the reason behind each claim, practical steps, objections and their answers, or a comparison that aids understanding.
- Don't invent figures, studies or testimonials: if a point needs a number, write [figure].
- Keep the original's tone, line of argument and call to action.
- Use subheads or lists if the longer text needs them to read well.

Put the new parts in bold so I can review them.`,
    },
    {
      key: 'change-tone',
      name: 'Change the tone',
      text: `Rewrite this text in a {{desired tone}} tone for {{target audience}}.

Text:
{{text}}

- Change vocabulary, rhythm, sentence length and formality to fit the tone asked for.
- Keep the content: the facts, the arguments, the logical order and the call to action.
- Don't add promises, facts or emojis that aren't in the original, unless the tone clearly calls for them.

Deliver 2 versions: one that stays close to the original and one that pushes the tone further. Then, in 3 bullets, explain what you changed and why.`,
    },
    {
      key: 'translate-localise',
      name: 'Translate and localise for another market',
      text: `Translate and localise this marketing copy for {{target language and country}}.

Text:
{{text}}

Type of copy and channel: {{copy type}}

- Don't translate word for word: adapt idioms, wordplay, examples, units, date and currency formats and cultural references so it reads as if written there.
- Respect the channel's length limits if it has any (ads, subject lines, metadata) and give the counts.
- Keep brand names, product names and figures exactly as they are.
- Use the form of address that's usual in that market for this kind of brand (for example, tú or usted in Spanish).

Deliver the translation and, below it, a list of the adaptations you made and any lines a native speaker should check (for example, wordplay with no equivalent).`,
    },
    {
      key: 'simplify',
      name: 'Simplify into plain language',
      text: `Rewrite this text in plain language for {{target audience}}.

Text:
{{text}}

- Sentences of 20 words or fewer; one idea per sentence.
- Everyday words instead of technical or bureaucratic jargon; if a technical term is needed, explain it the first time.
- Active voice and direct verbs; the subject up front.
- What matters most to the reader comes first.
- Lists for steps, requirements or options.

Don't lose accuracy: if simplifying changes the meaning (for example, in legal or pricing terms), keep the nuance and flag it. Deliver the text plus a before/after of the 3 sentences that changed most.`,
    },
    {
      key: 'proofread',
      name: 'Proofread and polish',
      text: `Proofread this text, written in {{text language}}:

{{text}}

1. Spelling, grammar, punctuation, agreement and capitalisation, following the conventions of that language (and its regional variant, if it's clear from the text).
2. Style: repeated words close together, overlong sentences, filler, ambiguity and unnecessary jargon.
3. Consistency: the same term for the same concept and the same spelling variant throughout.

First give the corrected text, ready to copy. Then a table of changes: original | correction | reason. Separate required corrections from style suggestions. Don't change the tone or the content.`,
    },
    {
      key: 'persuasive-rewrite',
      name: 'Rewrite with a persuasion framework',
      text: `Rewrite this text with a persuasion framework so it convinces {{target audience}} more effectively.

Framework (AIDA, PAS, before-after-bridge, 4U…): {{framework}}
The action we want: {{desired action}}

Text:
{{text}}

- Label each part of the framework in square brackets ([Attention], [Problem]…).
- Keep the original's facts and claims; add no promises, figures or testimonials.
- Make the abstract concrete: swap vague claims for examples or consequences for the reader.
- One clear call to action, at the end.

Deliver the new version and, in 3 bullets, why it's more convincing than the original.`,
    },
    {
      key: 'repurpose',
      name: 'Repurpose content into other formats',
      text: `Turn this content into pieces for other formats.

Formats I want (for example: 3 LinkedIn posts, an X thread, an email and a short video script): {{target formats}}
Audience: {{target audience}}

Original content:
{{text}}

- Pull out the strongest ideas and give each piece one main idea, rather than summarising the same thing everywhere.
- Fit each piece to its format's rules: length, opening hook, structure and call to action.
- Each piece must make sense to someone who hasn't read the original.
- Keep figures and quotes exactly as they are.

Deliver the pieces numbered, each titled with its format.`,
    },
  ],
};
