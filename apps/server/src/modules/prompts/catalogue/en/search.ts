import { REAL_TIME_SEARCH_CATEGORY, type CatalogueCategory } from '../types.ts';

export const search: CatalogueCategory = {
  key: REAL_TIME_SEARCH_CATEGORY,
  name: 'Real-time search',
  prompts: [
    {
      key: 'sector-news-this-week',
      name: "This week's industry news",
      text: `Search the web for the most relevant news from the last 7 days about {{industry}} in {{market or country}}.

What I need it for (a newsletter, social posts, a briefing for the team…): {{intended use}}

- Pick 5 to 8 stories from reliable sources (trade media, official bodies, company announcements). Drop anything older than 7 days and any sponsored content.
- For each one: your own headline of 12 words or fewer, a 2- or 3-sentence summary, why it matters to our audience, and the source with a link and publication date.
- Rank them by business impact, not by date.
- Close with 3 content ideas we could publish off the back of these stories.

State today's date at the top. If you can't find enough recent news, say so rather than padding with older stories, and never invent a fact or a link.`,
    },
    {
      key: 'competitor-pricing',
      name: "Competitors' current pricing",
      text: `Search the web for the prices these competitors of {{our product}} publish today: {{competitors}}.

Market and currency: {{market and currency}}

Deliver a table with: Competitor | Plan or product | Price | Billing period (monthly, yearly, one-off) | What's included | Notable limits or conditions | Source (link) | Date checked.

- Use official pricing pages wherever possible; if a price comes from elsewhere (a comparison site, the press), say so.
- Note whether prices include tax, whether there are launch or annual-billing discounts, and whether pricing is quote-only ("Contact sales").
- If you can't find a price, write "not published" rather than estimating it.

Then, in 5 bullets: how each one is positioned (budget, mid-range, premium), the patterns you see in how they charge, and the openings we have for presenting our own price.`,
    },
    {
      key: 'trending-topics',
      name: 'Trending topics for content',
      text: `Search the web for the topics around {{industry or theme}} that {{target audience}} are talking about right now.

Channels we care about: {{channels}}

- Look at recent news, search trends, social media and specialist forums from the last 2 weeks.
- Identify 6 to 10 topics. For each: what's happening in 2 sentences, why now, which channels it's biggest on, and 1 to 3 sources with links and dates that show it.
- Classify each as a short spike (days), a growing topic (weeks) or an underlying trend (months).
- For each topic, suggest a content idea with an angle that's ours and the best format for it.

Leave out controversial or sensitive topics a brand shouldn't weigh in on, and say why. Don't present anything as a trend unless recent sources back it up.`,
    },
    {
      key: 'competitor-campaigns',
      name: 'What competitors are saying',
      text: `Search the web for what these competitors have been communicating lately: {{competitors}}.

Our industry and product: {{industry and product}}

Check their websites, blogs, press releases, social accounts and, where public, their ad libraries (for example, the Meta Ad Library) over the last 30 days. For each competitor:
- The main messages and promises they keep repeating.
- Launches, offers or campaigns currently running.
- The tone and formats they use most.
- Concrete examples with the source (link) and date.

Close with a positioning comparison table and 5 opportunities: messages nobody is using, audiences nobody is serving, or promises we can keep better. Separate what you verified from what you're inferring; don't invent campaigns or figures.`,
    },
    {
      key: 'upcoming-dates',
      name: 'Dates and events in the coming weeks',
      text: `Search the web for the dates, events and awareness days in the next {{number of weeks}} weeks that matter for {{industry}} in {{market or country}}.

Type of brand and audience: {{brand and audience}}

Include: national or regional holidays, retail moments (sales, Black Friday, back to school…), international days related to the industry, trade shows and conferences, and sporting or cultural events that affect the audience.

Deliver a table with: Date | Event | Why it matters to us | Action or content idea | How far ahead to prepare | Source.

Check each date against an official or reliable source, because many move every year; if you can't confirm one, mark it "to be confirmed". Skip dates that don't fit the brand, however popular they are.`,
    },
    {
      key: 'fact-check',
      name: 'Fact-check before publishing',
      text: `Search the web to check the facts and claims in this text before it goes out:

{{text}}

For each verifiable claim (figures, dates, studies, quotes, names, claims about products or laws):
- The claim as written.
- Verdict: correct, imprecise, out of date, false or unverifiable.
- What the sources say, with the source (link), its date and, where there is one, the original source of the figure.
- A corrected wording where needed.

Prefer primary sources (original studies, official bodies, the companies' own sites) over articles quoting others. If two reliable sources disagree, explain how. Finish with the full corrected text.`,
    },
    {
      key: 'market-data',
      name: 'Up-to-date market data with sources',
      text: `Search the web for current, reliable data on {{topic}} in {{market or country}} to use in {{target piece}}.

What I want to show or explain: {{argument}}

- Find 5 to 8 data points (figures, percentages, trends) from the last 2 years at most, unless nothing more recent exists.
- For each one: the figure, exactly what it measures, who published it and when, the sample or method if known, and the source with a link.
- Prefer official bodies, studies with a published method and primary sources; flag any figure that only appears quoted on blogs.
- For each data point, suggest a ready-to-use sentence for the piece, with the source credited.

If a figure only partly supports the argument, or contradicts it, say so: don't bend the numbers. Never round or estimate a figure without saying you have.`,
    },
    {
      key: 'serp-analysis',
      name: 'What ranks today for a search',
      text: `Search the web for "{{keyword}}" and analyse the results showing today in {{market or country}}, to plan a piece that can compete with them.

Our website: {{our website}}

1. The top 8 to 10 organic results: title, page type (guide, list, product page, tool, forum…), main angle and source (link).
2. Other features on the results page, if any: featured snippet, "People also ask", videos, local or shopping results.
3. The dominant search intent, judging by what Google is rewarding.
4. What nearly all of them cover (the bare minimum) and what none of them covers (our opening).
5. A content proposal: format, title (60 characters or fewer), H2 structure and the differentiating element.

Describe only what you actually found, with the date of the search; results vary by location and over time.`,
    },
  ],
};
