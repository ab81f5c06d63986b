import type { CatalogueCategory } from '../types.ts';

export const ads: CatalogueCategory = {
  key: 'ads',
  name: 'Ads',
  prompts: [
    {
      key: 'google-search-ad',
      name: 'Google Ads responsive search ad',
      text: `Write a Google Ads responsive search ad (RSA) for {{product or service}}.

Context:
- Target audience: {{target audience}}
- Main keyword: {{keyword}}
- What sets us apart: {{differentiator}}
- Offer or call to action: {{offer}}

Deliver:
1. 15 headlines of 30 characters or fewer each, spaces included. Put each one's character count in brackets.
2. 4 descriptions of 90 characters or fewer each, with their counts too.
3. 2 display URL paths of 15 characters or fewer each.

Rules:
- The keyword, or a close variant, appears in at least 3 headlines and 2 descriptions.
- Spread the headlines across angles so Google has real options to combine: benefit, proof or credibility, price or offer, urgency, an objection answered, and a call to action. No two headlines make the same point.
- Every headline must work on its own and next to any other: don't rely on order.
- No exclamation marks in headlines, no ALL CAPS, no superlatives you can't back up ("best", "#1").
- If a fact (price, delivery time, figure) isn't in the context, don't make it up: write [price], [delivery time]…

End with one line saying which 2 headlines you would pin to position 1, and why.`,
    },
    {
      key: 'google-ads-assets',
      name: 'Google Ads sitelinks and callouts',
      text: `Write the assets for a Google Ads search campaign for {{product or service}} ({{website}}).

What people can find on the site: {{key sections or pages}}
Claims we can back up: {{provable advantages}}

Deliver:
1. 6 sitelinks: link text of 25 characters or fewer and two description lines of 35 characters or fewer each. Say which page each one should point to.
2. 8 callouts of 25 characters or fewer (shipping, guarantee, support, payment options…) that don't repeat what the sitelinks already say.
3. 1 structured snippet: pick the best header (Services, Types, Brands, Destinations…) and give 4 to 6 values of 25 characters or fewer.

Put character counts in brackets. Short, concrete noun phrases; no exclamation marks and no full stops on callouts. Claim nothing beyond the advantages listed.`,
    },
    {
      key: 'performance-max-assets',
      name: 'Performance Max text assets',
      text: `Write the text assets for a Performance Max asset group for {{product or service}}.

- Target audience: {{target audience}}
- Campaign goal: {{campaign goal}}
- Key selling points: {{selling points}}
- Business name: {{business name}}

Deliver, with character counts in brackets:
- 5 headlines of 30 characters or fewer.
- 5 long headlines of 90 characters or fewer.
- 5 descriptions: the first one 60 characters or fewer, the rest 90 or fewer.
- The business name trimmed to 25 characters.
- 3 image or video ideas (one line each) that pair well with the copy.

The ad may show on Search, YouTube, Display, Discover or Gmail, so every asset has to make sense without the others. Alternate benefit, proof, offer and call to action. No exclamation marks in headlines and no invented facts.`,
    },
    {
      key: 'meta-ad',
      name: 'Meta ad (Facebook and Instagram)',
      text: `Write 3 variants of a Meta feed ad (Facebook and Instagram) for {{product or service}}.

- Target audience: {{target audience}}
- Problem we solve: {{customer problem}}
- Offer: {{offer}}
- Where the click goes: {{ad destination}}

Each variant takes a different angle and names it on its first line: 1) the customer's pain, 2) the outcome they want, 3) social proof or curiosity.

For each variant, deliver:
- Primary text: the hook sits in the first 125 characters, which is all people see before "See more". Then 2 to 4 short sentences at most. One emoji at most, and only if it earns its place.
- Headline: 40 characters or fewer.
- Description: 30 characters or fewer.
- The best call-to-action button from Meta's list (Learn More, Shop Now, Sign Up, Download…).
- A one-line visual idea for the creative.

Talk to one person ("you"), not a segment. Steer clear of what Meta tends to reject: asserting the reader's personal attributes ("Are you overweight?"), guaranteed results and exaggerated before/after claims.`,
    },
    {
      key: 'retargeting-ad',
      name: 'Retargeting ad',
      text: `Write retargeting ads for people who {{what they did on the site}} but didn't complete {{desired conversion}}.

Product or service: {{product or service}}
Most likely reason they left: {{main objection}}
Incentive available (write "none" if there isn't one): {{incentive}}

Deliver 3 ads for Meta or Display, each with primary text (125 characters or fewer), a headline (40 or fewer) and a call to action:
1. A friendly reminder: bring back what they looked at, no pressure.
2. The objection answered: meet the likely reason with one concrete argument.
3. A final nudge: the incentive, or, if there is none, an honest reason to decide now.

Warm, never creepy: no "we noticed you…" or "we saw you were here". No fake urgency: don't invent deadlines or stock levels.`,
    },
    {
      key: 'linkedin-sponsored-content',
      name: 'LinkedIn sponsored content ad',
      text: `Write 3 variants of a LinkedIn sponsored content ad (single image) for {{product or service}}.

- Audience job title and industry: {{audience job title and industry}}
- Professional challenge we solve: {{professional challenge}}
- Asset or offer we're promoting: {{asset or offer}}

For each variant:
- Intro text: the essentials in the first 150 characters (what shows before "…see more"); 400 characters in total at most.
- Headline under the image: 70 characters or fewer.
- A call-to-action button from LinkedIn's list (Download, Learn more, Request demo, Register…).

Angles: 1) a figure or fact from the context that makes them stop (if there isn't one, use a sharp, specific question instead; never invent numbers), 2) the cost of leaving the challenge unsolved, 3) what someone in their role gets out of it.
Professional but human: no empty jargon ("synergies", "cutting-edge solutions", "take it to the next level") and go easy on emojis.`,
    },
    {
      key: 'linkedin-message-ad',
      name: 'LinkedIn message ad',
      text: `Write a LinkedIn message ad (Sponsored Messaging) for {{product or service}}.

- Sent by: {{sender name and job title}}
- Sent to: {{audience job title and industry}}
- Why we're writing now: {{reason for the message}}
- What we want them to do: {{desired action}}

Deliver:
- 3 subject line options of 60 characters or fewer.
- A body of 500 characters or fewer: a greeting with [First name], an opening line about their work (not about us), the reason, one concrete value proposition and a single ask.
- Button text of 20 characters or fewer.

It has to read like a message a person wrote: no "Dear Sir/Madam", no paragraph introducing the company, no more than one question.`,
    },
    {
      key: 'tiktok-ad-script',
      name: 'TikTok or Reels ad script',
      text: `Write the script for a {{length in seconds}}-second vertical video ad for TikTok or Reels about {{product or service}}.

- Audience: {{target audience}}
- The benefit that must land: {{main benefit}}
- Call to action: {{call to action}}

Format: a table with columns Seconds | On screen | Voiceover | Text overlay.
- 0–2 s: a hook that stops the scroll (a line or an unexpected image, never the logo).
- Middle: problem → the product in use → the result.
- Close: the call to action, said and shown.

It should feel like native content shot on a phone, not a TV spot. Text overlays of 8 words or fewer. Add the ad caption (100 characters or fewer) and 3 alternative hooks to test.`,
    },
    {
      key: 'youtube-video-ad',
      name: 'YouTube video ad',
      text: `Write two YouTube ad scripts for {{product or service}}, aimed at {{target audience}}.

Key message: {{key message}}
Call to action: {{call to action}}

1. A 6-second bumper ad (non-skippable): one idea only, roughly 12–15 words of voiceover, plus on-screen text.
2. A 30-second skippable in-stream ad: the brand and the benefit must appear before second 5, because viewers can skip after that. Structure: hook (0–5 s), problem (5–12 s), solution and demo (12–24 s), call to action (24–30 s).

Use columns Time | Picture | Voiceover | On-screen text for both. Add the button text (10 characters or fewer), a headline of 15 characters or fewer and 2 alternative hooks for an A/B test.`,
    },
  ],
};
