import type { CatalogueCategory } from '../types.ts';

export const brainstorm: CatalogueCategory = {
  key: 'brainstorm',
  name: 'Brainstorming',
  prompts: [
    {
      key: 'brand-names',
      name: 'Brand or product names',
      text: `Suggest names for {{what needs a name}}.

- What it does and for whom: {{description}}
- The personality it should convey: {{brand personality}}
- Markets and languages where it will be used: {{markets}}
- Competitors' names (so we don't sound like them): {{competitors}}

Deliver 20 names across styles, labelling each: descriptive, evocative, invented, metaphor, compound word, and borrowed from another language. For each one:
- One line on the idea behind it.
- How it sounds and spells: easy to say and to spell when heard, with no known negative meaning in the languages listed.

Then pick the 5 strongest and explain why. Trademark and domain checks are still needed: don't claim any name is available.`,
    },
    {
      key: 'slogans',
      name: 'Slogans and taglines',
      text: `Write slogans for {{brand}}.

- What it offers: {{product or service}}
- The idea or feeling people should be left with: {{core idea}}
- Target audience: {{target audience}}
- Where it will be used (website, packaging, ads, social): {{intended use}}

Deliver 15 options of 2 to 7 words, grouped by approach: benefit, attitude or values, wordplay, imperative, and contrast. Mark the best 3 with a one-line reason each.

Every slogan must make sense without explanation, sound good out loud and be impossible for just any competitor to sign. Avoid worn-out words like "quality", "passion", "solutions" or "excellence", and forced rhymes.`,
    },
    {
      key: 'campaign-angles',
      name: 'Selling angles for a campaign',
      text: `Find distinct selling angles for {{product or service}}, aimed at {{target audience}}.

- Main benefits and features: {{benefits}}
- Common objections: {{objections}}
- How competitors talk about themselves: {{competitor messaging}}

Deliver 10 angles. For each one:
- The angle's name (for example: time saved, fear of missing out, status, simplicity, identity, common enemy).
- The customer insight it rests on, in one sentence and in their words.
- A sample headline and an ad opening line.
- The channel or funnel stage it suits best.

Flag the ones that stand apart from what competitors already say and recommend 3 to test first.`,
    },
    {
      key: 'content-ideas',
      name: 'Content ideas by pillar',
      text: `Come up with content ideas for {{brand}}, whose audience is {{target audience}}.

- What we sell: {{product or service}}
- Frequent customer questions or problems: {{customer questions}}
- Channels we'll publish on: {{channels}}

1. Propose 4 content pillars, each with one sentence on why it matters to this audience.
2. For each pillar, 6 specific ideas (working title + format + channel), not broad topics: "5 mistakes people make negotiating their first lease" rather than "Renting tips".
3. Star the ideas that can be repurposed across several formats.

Include at least one of each: educational, opinion, behind the scenes, customer story and interactive content.`,
    },
    {
      key: 'hooks',
      name: 'Hooks for videos and posts',
      text: `Write 20 opening hooks for content about {{topic}} aimed at {{target audience}}.

Format (short video, LinkedIn post, email…): {{format}}

Spread the hooks across these types and label each: uncomfortable question, figure or stat (write [figure] if you don't have one), common mistake, contrarian take, one-sentence story, specific promise, "nobody tells you that…", and unexpected comparison.

- 15 words or fewer each.
- They must spark curiosity the content can satisfy: no bait it won't pay off.
- They should sound said by a person, not a brand.

Mark the 5 you would test first.`,
    },
    {
      key: 'value-proposition',
      name: 'Value proposition',
      text: `Help me articulate the value proposition of {{product or service}}.

- Ideal customer: {{ideal customer}}
- Jobs they're trying to get done and frustrations they have: {{jobs and frustrations}}
- What our product does: {{what it does}}
- Alternatives they use today: {{alternatives}}

Deliver:
1. A short map: 3 customer frustrations → what relieves each in our product; 3 outcomes they want → what makes each possible.
2. 5 versions of the value proposition, 15 words or fewer each, with different angles.
3. The best one, built out as: headline + subheadline + 3 benefits + the proof we still need to get.
4. The sentence a customer would use to recommend us to a colleague.

Talk about the customer's outcome, not the technology. If anything in the context is weak or generic, say so.`,
    },
    {
      key: 'campaign-concepts',
      name: 'Creative campaign concepts',
      text: `Propose creative concepts for a {{brand}} campaign.

- Campaign goal: {{campaign goal}}
- Audience: {{target audience}}
- The message that must land: {{key message}}
- Channels and rough budget: {{channels and budget}}

Deliver 5 concepts. For each one:
- A name and the idea in one sentence (the "big idea").
- The audience insight it rests on.
- A campaign line.
- How it translates into 3 concrete pieces on the channels given.
- The main risk (misread, expensive to produce…).

At least one should be safe and easy to produce, and at least one bold and memorable. Close by recommending one and saying why.`,
    },
    {
      key: 'objection-handling',
      name: 'Customer objections and answers',
      text: `List the objections that stop {{target audience}} from buying {{product or service}}, and how to answer them.

- Price and terms: {{price and terms}}
- Proof and guarantees we have: {{proof and guarantees}}

Deliver 10 to 12 objections grouped under price, trust, timing ("not now"), fit ("not for me") and switching effort. For each one:
- The objection as the customer would say it.
- What they're really worried about underneath.
- An answer of 40 words or fewer to use on the site, in ads or in sales.
- Where it's best answered: ad, landing page, FAQ, email or call.

Answers acknowledge the worry before responding and use only the proof given in the context.`,
    },
  ],
};
