import type { CatalogueCategory } from '../types.ts';

export const seo: CatalogueCategory = {
  key: 'seo',
  name: 'SEO',
  prompts: [
    {
      key: 'meta-title-description',
      name: 'Meta title and meta description',
      text: `Write the meta title and meta description for this page:

- Page: {{page}}
- What it's about and what visitors find there: {{page content}}
- Main keyword: {{keyword}}
- Brand: {{brand}}

Deliver 5 pairs:
- A meta title of 60 characters or fewer, with the keyword near the start and the brand at the end after " | " only if it fits.
- A meta description of 155 characters or fewer that sums up the benefit, uses the keyword naturally and ends with a call to action ("Compare…", "Book…", "See how…").
- Put each one's character count in brackets.

Give each pair a different angle (benefit, price or offer, question, specific fact, genuine urgency). No repeated keywords, no ALL CAPS and no promises the page doesn't keep. Say which pair you recommend and why.`,
    },
    {
      key: 'keyword-clusters',
      name: 'Keyword clusters by search intent',
      text: `Suggest keywords for {{business}} around {{topic}}, with {{target audience}} in {{market or country}} in mind.

Deliver 30 to 40 searches grouped into 5 to 8 topic clusters. For each search:
- Intent: informational, commercial, transactional or navigational.
- Buyer stage: discovering the problem, comparing options, or ready to buy.
- The content type that answers it best (article, product page, comparison, tool, local page…).

For each cluster, propose the page or article that would cover it and its primary keyword.

Write the searches the way real people type them, including questions and long-tail queries. Don't give search volumes or difficulty scores: you don't have them. Close by noting they should be validated in an SEO tool.`,
    },
    {
      key: 'seo-content-brief',
      name: 'SEO content brief for a writer',
      text: `Put together an SEO brief so a writer can produce a piece that ranks for "{{keyword}}".

- Website and type of business: {{website and business}}
- Target audience: {{target audience}}
- Business goal of the page: {{goal}}

The brief covers:
1. Search intent and the kind of page searchers expect to land on.
2. A proposed H1, meta title (60 characters or fewer) and meta description (155 or fewer).
3. An H2/H3 structure with what each section must cover.
4. Questions the piece must answer and related terms worth using.
5. A target length and the reason for it.
6. Suggested internal links (by page type) and the call to action.
7. What the piece must add that typical results lack: first-hand experience, examples, original data, templates…

Clear and actionable: the writer should be able to start without asking questions.`,
    },
    {
      key: 'featured-snippet-answers',
      name: 'Answers for featured snippets',
      text: `Write answers optimised for featured snippets and "People also ask" about {{topic}}.

Questions we want to answer (or "your call" to have you pick the 6 most likely): {{questions}}
Page they will go on: {{target page}}

For each question:
- The question as an H2 or H3, worded the way a searcher would type it.
- A direct answer of 40 to 60 words that opens with the answer, no throat-clearing or "Great question".
- If the answer is a process or a list, also give the numbered-step or bullet version (4 to 8 items).
- One or two sentences of extra detail for readers who want more.

Plain, precise language; define technical terms the first time they appear. Don't invent figures: write [figure] where one is needed.`,
    },
    {
      key: 'category-page-seo',
      name: 'SEO copy for a category page',
      text: `Write the SEO copy for the "{{category}}" category page of {{store}}.

- Main keyword: {{keyword}}
- Product types, brands or price ranges it includes: {{range}}
- What helps customers choose (sizes, uses, materials…): {{buying criteria}}

Deliver:
1. H1 (with the keyword, 60 characters or fewer).
2. Top copy of 50 to 80 words, to sit above the products: what's here and why buy it from this store.
3. Bottom copy of 250 to 400 words with H2s: a short buying guide, the most common uses and a mini FAQ (3 questions).
4. Meta title (60 characters or fewer) and meta description (155 or fewer).

Write to help people choose, not to repeat the keyword. Don't mention products, prices or brands that aren't in the context.`,
    },
    {
      key: 'image-alt-text',
      name: 'Image alt text',
      text: `Write the alt text for these images on {{page}}:

{{image descriptions}}

The page's keyword (use it only where it genuinely describes the image): {{keyword}}

For each image:
- Alt text of 125 characters or fewer describing what's shown and what it does on the page, the way you'd tell someone who can't see it.
- Don't start with "image of" or "photo of" unless the type matters (illustration, screenshot, chart).
- If the image is purely decorative, say so and recommend an empty alt.
- If it's a chart or a screenshot carrying information, sum up its main point.

Add a lowercase, hyphenated file name for each image.`,
    },
    {
      key: 'on-page-review',
      name: 'SEO review of existing copy',
      text: `Review this copy to improve its on-page SEO without making it read worse:

Main keyword: {{keyword}}
Search intent it must satisfy: {{search intent}}

Copy:
{{text}}

Deliver:
1. A diagnosis table: element (title, introduction, heading structure, topic coverage, keyword and variants, readability, links, call to action) | current state | what to change.
2. An improved H1, meta title (60 characters or fewer) and meta description (155 or fewer).
3. A rewritten introduction.
4. Proposed H2s and H3s, plus the sections or questions missing to cover the intent.
5. 3 to 5 sentences from the copy rewritten where the gain is clearest, with before and after.

No keyword stuffing: the priority is answering better than the pages already ranking.`,
    },
  ],
};
