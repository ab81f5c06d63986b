import type { CatalogueCategory } from '../types.ts';

export const product: CatalogueCategory = {
  key: 'product',
  name: 'Product descriptions',
  prompts: [
    {
      key: 'ecommerce-product-description',
      name: 'Online store product description',
      text: `Write the product description for {{product}} on {{store}}'s product page.

- Specifications (dimensions, materials, composition, compatibility…): {{specifications}}
- Who it's for and when they use it: {{customer and use}}
- What sets it apart from similar products: {{differentiator}}
- Brand tone: {{tone}}

Deliver:
1. An opening line (25 words or fewer) that lets the shopper picture the product in use.
2. A paragraph of 60 to 100 words with the main benefits, each tied to a real specification.
3. 4 to 6 scannable bullets: the benefit in bold + the fact that backs it up.
4. A "Details" section with the specifications in order.
5. Meta title (60 characters or fewer) and meta description (155 or fewer).

Concrete and sensory where it fits (feel, sound, size compared with something familiar). Avoid "high quality", "perfect for everyone" and any detail that isn't in the specifications.`,
    },
    {
      key: 'marketplace-listing',
      name: 'Amazon or marketplace listing',
      text: `Write the {{marketplace}} listing for {{product}} by {{brand}}.

- Features and specifications: {{specifications}}
- Searches we want to show up for: {{keywords}}
- Typical customer and main use: {{customer and use}}
- What's in the box: {{box contents}}

Deliver:
1. A title of 200 characters or fewer (ideally under 80 for mobile): brand + product type + key attribute + variant (colour, size, quantity). No all-caps title and no promotional symbols.
2. 5 bullet points of 250 characters or fewer each, opening with the benefit in short CAPS (2 to 4 words), then the explanation and the fact behind it.
3. A description of 150 to 300 words in short paragraphs.
4. Backend search terms separated by spaces, without repeating title words or naming competitor brands.

Avoid what typically breaks marketplace rules: "best", "#1", "sale", guaranteed results, shipping or price mentions and unapproved health claims.`,
    },
    {
      key: 'feature-benefit-bullets',
      name: 'Features into benefits',
      text: `Turn the features of {{product}} into benefits for {{target audience}}.

Features:
{{feature list}}

For each feature, give a table with columns:
- Feature (as given).
- Functional benefit: what it lets them do.
- Emotional benefit: how it makes them feel or which worry it removes.
- A ready-to-use bullet of 15 words or fewer that leads with the benefit.

Then rank the bullets by how much they weigh in this audience's buying decision and explain the ranking in 2 lines. Keep asking "so what does that mean for me?" until you reach something the customer genuinely cares about.`,
    },
    {
      key: 'short-product-description',
      name: 'Short description for cards and catalogues',
      text: `Write short descriptions for these {{store}} products:

{{products and features}}

For each product:
- A version of 20 words or fewer for the listing card or catalogue.
- A version of 8 words or fewer for catalogue ads or notifications.

Each description says what makes that product stand out from the others on the list: don't reuse the same structure or adjectives. Tone: {{tone}}. No details that aren't in the features.`,
    },
    {
      key: 'product-comparison',
      name: 'Product or plan comparison',
      text: `Write an honest comparison of {{options to compare}} to help {{target audience}} choose.

Details of each option (price, capabilities, limitations): {{details of each option}}
The product we sell: {{our product}}

Deliver:
1. An introduction of 2 or 3 sentences with the question the comparison answers.
2. A table of the criteria that matter most in the decision.
3. For each option: who it's ideal for and who it isn't, in 2 lines.
4. A final recommendation by type of customer ("If you…, choose…").

Use only the details in the context: if something is missing, write [to be confirmed]. Admit where another option wins; a credible comparison sells more than a biased one. Never run down the competition.`,
    },
    {
      key: 'b2b-sales-sheet',
      name: 'B2B sales sheet',
      text: `Write a one-page sales sheet for {{product or service}} aimed at buyers in {{industry}} companies whose role is {{buyer job title}}.

- The business problem it solves: {{business problem}}
- How it works, briefly: {{how it works}}
- Results or proof available: {{proof}}
- The next step we propose: {{next step}}

Structure:
1. A headline with the business outcome and a one-sentence subheadline.
2. "The challenge": 3 bullets on what the problem costs in time, money or risk.
3. "The solution": a 60-word paragraph and 3 to 5 key capabilities, each with its benefit.
4. "Results": only the proof given, in numbers where there are any.
5. "Why us": 3 verifiable reasons.
6. A call to action with the next step and [contact details].

It should take 2 minutes to read. Plain business language, no jargon or superlatives.`,
    },
  ],
};
