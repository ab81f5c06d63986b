import type { CatalogueCategory } from '../types.ts';

export const social: CatalogueCategory = {
  key: 'social',
  name: 'Social posts',
  prompts: [
    {
      key: 'linkedin-post',
      name: 'LinkedIn post with a point of view',
      text: `Write a LinkedIn post about {{topic}} from the point of view of {{author and job title}}.

The point I want to make: {{main idea}}
A first-hand experience or figure that backs it up: {{experience or figure}}

Structure:
- Opening line (what shows before "…see more", about 140 characters): a concrete claim or a situation readers recognise. Never "Today I want to talk about…".
- Body: the experience told in the first person, with one specific detail (a number, a tool, a moment), and what you learned from it.
- Close: a takeaway people can apply and an open question that invites them to share their own experience, not a generic "Thoughts?".

150 to 250 words. Paragraphs of 1 to 3 lines with blank lines between them. At most 3 hashtags at the end and no emoji bullets at the start of every line. Skip the guru lines ("This changes everything", "Read that again").`,
    },
    {
      key: 'instagram-caption',
      name: 'Instagram caption',
      text: `Write 3 caption options for an Instagram post by {{brand}}.

- What the photo or video shows: {{image description}}
- Goal of the post: {{goal}}
- Brand tone: {{tone}}

Each option:
- A first line of 125 characters or fewer that stands on its own (it's what shows before "more").
- A body of 40 to 120 words that adds something the picture can't: context, a story, a tip or a product detail.
- One clear, easy call to action (save it, comment with one word, tap the link in bio).
- 5 to 10 relevant hashtags at the end, mixing broad and niche; no filler tags like #love or #instagood.

Use emojis sparingly, as visual support, never replacing words. Order the options from most informative to most emotional.`,
    },
    {
      key: 'x-thread',
      name: 'X (Twitter) thread',
      text: `Write an X thread about {{topic}} for {{target audience}}.

What I want readers to walk away with: {{key takeaway}}

Format:
- 6 to 10 numbered posts (1/, 2/…), each 280 characters or fewer; put the count in brackets.
- Post 1 is the hook: it promises something specific that the thread delivers (a method, a list, a story with an ending). No "A thread 🧵".
- One idea per post, and each post makes sense if someone sees it alone.
- Include at least one concrete example or actionable step.
- The last post sums up in one sentence and suggests a next step (follow, read a resource, reply with their case).

No hashtags inside the thread and no links until the final post.`,
    },
    {
      key: 'carousel-post',
      name: 'Instagram or LinkedIn carousel',
      text: `Write the copy for a {{number of slides}}-slide carousel about {{topic}} for {{target audience}}.

Goal: readers should {{desired action or learning}}.

Deliver slide by slide:
- Slide 1 (cover): a title of 8 words or fewer promising a clear benefit, plus an optional subtitle.
- Middle slides: a short title and 15 to 30 words each; one idea per slide, in a logical progression (step 1, 2, 3… or mistake → why → fix).
- Second to last: a one-sentence summary.
- Last: a call to action (save, share with someone, comment).

Add a brief visual note for each slide (icon, chart, photo) and, at the end, the caption that goes with the carousel (60 words or fewer).`,
    },
    {
      key: 'short-video-script',
      name: 'Organic short video script (Reels, TikTok, Shorts)',
      text: `Write the script for a 30- to 45-second vertical video about {{topic}} for {{brand}}'s account.

Video format (talking to camera, hands-only tutorial, before and after…): {{format}}
Audience: {{target audience}}

Deliver:
1. 3 alternative hooks for the first 2 seconds (spoken line + text overlay).
2. The full script as a table: Seconds | Shot | Spoken | On-screen text.
3. An ending that invites people to save or follow, without begging for likes.
4. The caption (150 characters or fewer) and 3 to 5 hashtags.

It should sound like a conversation, not an ad: short sentences, a new shot every 2 or 3 seconds, one message. If the product appears, show it solving something, not posing.`,
    },
    {
      key: 'content-calendar',
      name: 'Weekly social media calendar',
      text: `Plan one week of posts for {{brand}} on {{social networks}}.

- This month's goal: {{goal}}
- Target audience: {{target audience}}
- Topics, launches or dates to include: {{topics and dates}}

Deliver a table with: Day | Network | Format (carousel, video, image, text, story) | Content pillar (educate, inspire, prove, sell, community) | One-line idea | Opening line | Call to action.

Rules:
- No more than 1 post in 5 sells directly.
- Fit each post to its network: never paste the same copy everywhere.
- Mix formats across the week.
Below the table, explain the thinking behind the plan in 3 lines.`,
    },
    {
      key: 'launch-post',
      name: 'Product launch post',
      text: `Write posts announcing the launch of {{product}} by {{brand}}.

- What it is and who it's for: {{short description}}
- What's new or different: {{main novelty}}
- Launch date, price or terms: {{launch terms}}
- Where to get it: {{link or place}}

Deliver 3 versions:
1. LinkedIn (120–200 words): why the product exists, the problem it tackles and who's behind it.
2. Instagram (60–100 words + 5 hashtags): what it feels like to use it, with a strong first line.
3. X (280 characters or fewer): the news and the link.

Frame the news as what customers can do now that they couldn't before. No "We're thrilled to announce…!" and no filler adjectives ("revolutionary", "innovative").`,
    },
    {
      key: 'comment-reply',
      name: 'Reply to a comment or review',
      text: `Write {{brand}}'s public reply to this comment or review posted on {{platform}}:

"{{comment}}"

What we know about the case and what we can offer: {{context and solution}}

Deliver 2 versions (a shorter one and a fuller one), 80 words or fewer each:
- If it's negative: thank them for raising it, acknowledge the specific problem without excuses or blame, say what you'll do, and move the conversation to a private channel you name. Don't argue the facts in public.
- If it's positive: thank them by mentioning something specific they said (not a generic "Thanks for your comment!") and add a detail that invites them back.

Human tone, signed with [name] from the team. Don't promise compensation that isn't in the context.`,
    },
  ],
};
