import type { CatalogueCategory } from '../types.ts';

export const blog: CatalogueCategory = {
  key: 'blog',
  name: 'Blog',
  prompts: [
    {
      key: 'blog-outline',
      name: 'Blog post outline',
      text: `Create an outline for a blog post about {{topic}} for {{target audience}}.

- Main keyword: {{keyword}}
- Goal of the post (inform, capture leads, sell…): {{goal}}
- Planned length in words: {{length}}

Deliver:
1. 3 H1 title options of 60 characters or fewer, with the keyword near the start where it reads naturally.
2. The search intent in one sentence: what the person searching for this wants to get done.
3. The outline with H2s and H3s. Under each H2: 2 to 4 bullets with the points, examples or data it must cover, and a word estimate.
4. Where the call to action fits and what it should be.
5. 3 internal links or resources worth citing (describe them; don't invent URLs).

The H2s should answer the reader's real questions in a logical order, not string keywords together.`,
    },
    {
      key: 'blog-titles',
      name: 'Headlines for a blog post',
      text: `Suggest 12 headlines for a blog post about {{topic}} aimed at {{target audience}}.

What the reader gets from it: {{post promise}}

- Spread them across formats: how-to, numbered list, question, mistake to avoid, comparison, real case and opinion.
- 60 characters or fewer; put the count in brackets.
- Each headline promises something specific and believable the post can deliver: no "ultimate", "mind-blowing" or clickbait.
- Star the 3 you would pick and explain each choice in one line.`,
    },
    {
      key: 'blog-intro',
      name: 'Blog post introduction',
      text: `Write the introduction to a blog post titled "{{post title}}" for {{target audience}}.

What the post will cover: {{post content}}

Deliver 3 versions of 80 to 120 words each, with different openings:
1. Scene: a concrete situation the reader has lived through.
2. Claim: an idea that challenges what the reader takes for granted (no invented figures; if you need one, write [figure]).
3. Direct question: the problem phrased the way the reader would ask it.

All of them must hook in the first sentence, make clear by the second or third what the reader will learn and why it matters, and end by handing over to the body. Never open with "In today's fast-paced world", "Nowadays" or a dictionary definition.`,
    },
    {
      key: 'blog-full-post',
      name: 'Full blog post',
      text: `Write a complete blog post about {{topic}}.

- Target audience and how much they already know: {{target audience}}
- Main keyword: {{keyword}}
- Approximate length in words: {{length}}
- Closing call to action: {{call to action}}
- My own ideas, examples or data to include: {{own insight}}

Requirements:
- An H1 title of 60 characters or fewer and a meta description of 155 characters or fewer.
- An introduction of 100 words or fewer that hooks and says what the reader will learn.
- Skimmable H2 and H3 subheads; paragraphs of 4 lines or fewer; lists where they help.
- At least one concrete example per section and one actionable step.
- Work the keyword into the H1, the introduction and one H2 without forcing it.
- End with a short summary and the call to action.

Don't invent statistics, studies or quotes: where a figure is needed, write [figure and source]. Expert but approachable, written to "you".`,
    },
    {
      key: 'how-to-guide',
      name: 'Step-by-step guide',
      text: `Write a step-by-step guide to {{task}} for {{target audience}}.

- What readers need before they start: {{prerequisites}}
- Common mistakes worth warning about: {{common mistakes}}

Structure:
1. A "How to…" title of 60 characters or fewer.
2. Who it's for and what they'll have at the end, in 2 sentences, with roughly how long it takes.
3. What you'll need: a short list.
4. Numbered steps: each starts with an imperative verb, gives the why in one sentence, and adds a tip or warning where needed. Mark [screenshot: …] where an image helps.
5. Troubleshooting: common problems and how to fix them.
6. The recommended next step.

One step, one action. If a step holds more than three actions, split it.`,
    },
    {
      key: 'listicle',
      name: 'List article',
      text: `Write a list article: "{{number}} {{list topic}}" for {{target audience}}.

How the items are chosen and ranked: {{criteria}}

- An introduction of 60 to 90 words: why this list matters and how it was put together.
- Each item: a subhead that makes sense alone, then 60 to 120 words with the why, a concrete example and a practical tip.
- No filler or overlapping items: if you can't reach the number with quality, say so and suggest a smaller one.
- Close: which one to pick depending on the reader's situation, in 3 or 4 sentences.

If you mention tools, brands or prices, don't invent details: write [price] or [to be checked].`,
    },
    {
      key: 'case-study',
      name: 'Customer case study',
      text: `Write a case study about how {{customer}} used {{product or service}}.

- Starting point and problem: {{initial situation}}
- What we did or how they used it: {{solution applied}}
- Measurable results: {{results}}
- Customer quote (write "none" if there isn't one): {{customer quote}}

Structure:
1. A headline that carries the main result.
2. A summary box: industry, size, challenge, solution and result, one line each.
3. The challenge (100–150 words): what was at stake and what they had tried before.
4. The solution (150–200 words): specific decisions and how the rollout went.
5. The results: figures from the context, as a list, with the time frame they took.
6. A call to action for readers facing the same challenge.

Use only the results and quote given; if there's no quote, leave [customer quote] rather than writing one.`,
    },
  ],
};
