import type { CatalogueCategory } from '../types.ts';

export const landing: CatalogueCategory = {
  key: 'landing',
  name: 'Landing pages',
  prompts: [
    {
      key: 'landing-hero',
      name: 'Landing page hero section',
      text: `Write the hero section of the landing page for {{product or service}}.

- Target audience: {{target audience}}
- The main outcome customers get: {{main outcome}}
- What makes it different from the alternatives: {{differentiator}}
- What we want visitors to do: {{desired action}}

Deliver 3 variants, each with:
- A headline of 10 words or fewer that states the outcome, not the product category.
- A subheadline of 25 words or fewer explaining how it gets there and who it's for.
- Primary button text (2 to 4 words, starting with a verb, saying what happens on click: "Start free", "See pricing").
- Microcopy under the button that removes one friction point (for example: no card needed, cancel anytime), only if the context says it's true.

Approaches: 1) the outcome, 2) the problem that goes away, 3) the differentiator against the usual alternative. Avoid "The leading platform…", "Everything you need…" and wordplay that needs explaining.`,
    },
    {
      key: 'landing-features',
      name: 'Features and benefits block',
      text: `Write the features block of the landing page for {{product}}, aimed at {{target audience}}.

Features to present: {{feature list}}

For each one:
- A title of 6 words or fewer built on the benefit ("Close the month in an afternoon", not "Accounting module").
- A description of 20 to 35 words: what it does, how it shows up in their day and, where it fits, a concrete example.
- A suggested icon or screenshot.

Order the features from highest to lowest impact for this audience and add a section headline (8 words or fewer) with a one-sentence intro. Turn every feature into what the customer gains, and don't reuse the same sentence pattern for all of them.`,
    },
    {
      key: 'landing-faq',
      name: 'Landing page FAQ',
      text: `Write the FAQ section of the landing page for {{product or service}}.

- Audience: {{target audience}}
- Doubts and objections we hear in sales or support: {{known objections}}
- Facts we can give (price, timelines, guarantee, integrations): {{available facts}}

Deliver 8 to 10 questions:
- Phrased the way a customer would ask them, in the first person ("Can I cancel anytime?").
- Answers of 60 words or fewer that open with the direct answer (yes, no, how much, when) and then add nuance.
- Cover price, getting started, commitment and cancellation, security or privacy, support, and "is this for me?".
- Each answer removes an objection and, where it fits, ends by pointing to the next step.

If a fact is missing, write [to be confirmed] instead of making it up.`,
    },
    {
      key: 'landing-cta',
      name: 'Closing call to action',
      text: `Write the closing call-to-action section of the landing page for {{product or service}}.

- The action we want: {{desired action}}
- The visitor's biggest hesitation at this point: {{main hesitation}}
- Guarantee or risk reducer available: {{guarantee}}

Deliver 3 variants with:
- A headline of 10 words or fewer that recalls the outcome or the cost of staying put.
- One or two sentences that answer the main hesitation.
- Button text (2 to 4 words, first person or imperative: "Get my trial", "Book your demo").
- Microcopy with the guarantee.

The reader has already seen the whole page: don't repeat features, close. No fake urgency.`,
    },
    {
      key: 'landing-page-full',
      name: 'Full landing page',
      text: `Write the complete copy for a landing page for {{product or service}}.

- Target audience and their situation: {{target audience}}
- The problem we solve: {{problem}}
- How it works, in 3 steps: {{how it works}}
- Proof available (customers, figures, awards, reviews): {{proof}}
- Offer and call to action: {{offer}}

Sections, in this order, each with its headline and copy:
1. Hero: headline, subheadline, button and microcopy.
2. The problem: 3 situations the reader will recognise.
3. The solution and how it works (3 steps).
4. Benefits: 3 to 5 blocks with a title and about 25 words each.
5. Social proof: use only the proof given; if there is none, leave [testimonial] or [customer logo].
6. FAQ: 5 short questions.
7. Closing call to action.

One conversion goal for the whole page. Short sentences, second person, benefits before features. Mark where each visual goes with [image: …].`,
    },
    {
      key: 'pricing-page',
      name: 'Pricing page',
      text: `Write the copy for {{product}}'s pricing page.

Plans, prices and what each includes: {{plans and prices}}
The plan we most want to sell: {{recommended plan}}
Audience: {{target audience}}

Deliver:
- Page headline and subheadline (about value, not just price).
- For each plan: name, a "best for…" line of 10 words or fewer, 4 to 6 included items written as benefits, and button text.
- A short badge for the recommended plan ("Most popular" only if that's true; otherwise something like "Best for teams").
- 5 FAQs about billing, switching plans, cancelling and payment methods.
- A reassurance line under the plans (guarantee, trial or support), using only what's in the context.

Don't change or round the prices: copy them exactly.`,
    },
    {
      key: 'about-page',
      name: 'About us page',
      text: `Write the About page for {{company}}.

- What it does and for whom: {{business and customers}}
- How and why it started: {{origin story}}
- What we believe or how we work: {{values or way of working}}
- Real facts we can show (years, customers, team, locations): {{company facts}}

Structure:
1. A headline about the mission from the customer's point of view, not "About us".
2. The story (120–180 words): the problem the founders saw, the moment they decided to act, and what the company does today.
3. How we work: 3 principles, each with a concrete example, not single words like "passion" or "commitment".
4. The facts, as a strip of figures.
5. A close that invites the next step (meet the team, see our work, get in touch).

Warm, first person plural. No clichés ("we're a young, dynamic team").`,
    },
  ],
};
