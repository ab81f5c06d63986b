import type { CatalogueCategory } from '../types.ts';

export const email: CatalogueCategory = {
  key: 'email',
  name: 'Email',
  prompts: [
    {
      key: 'cold-email',
      name: 'B2B cold email',
      text: `Write a cold email from {{sender and company}} to a {{recipient job title}} at {{industry}} companies.

- What we offer: {{product or service}}
- A specific problem people in this role tend to have: {{recipient problem}}
- Proof that it works (client, result or case): {{proof}}
- What we're asking for: {{ask}}

Rules:
- 120 words or fewer in the body. It must read on a phone without scrolling.
- The first sentence is about them or their company (use [personalised detail] wherever research is needed), not about us.
- One problem, one piece of proof and one low-commitment ask (a 15-minute call, a yes/no reply, a resource).
- No "I hope this email finds you well", no "I'm reaching out because…", no attachments.
- Sound like a peer, not a vendor.

Deliver 3 subject lines of 45 characters or fewer (lowercase, the way a person would type them) and 2 versions of the body: one direct, one that opens with a question.`,
    },
    {
      key: 'follow-up-sequence',
      name: 'Cold email follow-up sequence',
      text: `Write 3 follow-up emails for someone who didn't reply to this first email:

"{{original email}}"

Recipient: {{recipient job title}}
A resource or piece of news we can bring: {{valuable resource}}

- Follow-up 1 (day 3): 50 words or fewer, in the same thread; restate the ask a different way, never "just checking you saw my email".
- Follow-up 2 (day 7): bring something new (the resource, a figure or an idea that fits their situation) and ask again, more lightly.
- Follow-up 3 (day 14): a polite break-up email that lets them choose with a quick reply (for example: 1 = not now, 2 = try me in a few months, 3 = I'm not the right person).

Each one must make sense even if they never read the others. No guilt-tripping, no pressure.`,
    },
    {
      key: 'newsletter',
      name: 'Newsletter',
      text: `Write {{brand}}'s newsletter for {{target audience}}.

- Main topic of this issue: {{main topic}}
- Other items to include (news, links, events): {{secondary items}}
- The one action we want readers to take: {{call to action}}

Structure:
1. 5 subject lines of 50 characters or fewer and a preview text of 90 characters or fewer that completes (not repeats) the subject.
2. A personal opening of 2 to 3 sentences: an observation or anecdote that leads into the topic.
3. Main piece: 200 to 300 words with one useful idea, one example and a button with the call to action.
4. An "Also this week" block: 2 to 4 short items, each with one line on why it's worth their time.
5. A sign-off from a real person.

Write like someone emailing a reader they care about, not a corporate bulletin. Clear subheads for skimmers.`,
    },
    {
      key: 'welcome-series',
      name: 'Welcome email series',
      text: `Plan a 4-email welcome series from {{brand}}.

- What starts it (newsletter signup, new account, first purchase…): {{signup trigger}}
- What they get or can do now: {{what we offer}}
- The key first step we want them to take: {{activation action}}
- What makes us different: {{value proposition}}

For each email: send day, goal, subject line (50 characters or fewer), preview text (90 or fewer), a body of 150 words or fewer and a single button.
1. Day 0: welcome, deliver what was promised, and one easy, concrete first step.
2. Day 2: the brand's story or reason for being, tied to what the reader cares about.
3. Day 4: the most common mistake or the best tip for getting value, with an example.
4. Day 7: social proof (leave [testimonial] or [customer story] if you don't have one) and the offer or next step.

Each email stands on its own. No "Welcome to the family!" and no paragraphs about the company.`,
    },
    {
      key: 'subject-lines',
      name: 'Subject lines and preview text',
      text: `Write 10 subject lines with preview text for this email:

Email summary: {{email summary}}
Audience: {{target audience}}

- Subject line: 50 characters or fewer; put the count in brackets.
- Preview text: 90 characters or fewer; it completes the subject line instead of repeating it.
- Use different angles and label each: curiosity, direct benefit, question, number or list, genuine urgency, personalisation with [First name], conversational…
- No ALL CAPS, no more than one emoji, no "FREE!!!" or other spam-filter triggers, and no promises the email doesn't keep.

Finish by recommending 2 for an A/B test and the hypothesis each one tests.`,
    },
    {
      key: 'abandoned-cart',
      name: 'Abandoned cart emails',
      text: `Write a 3-email abandoned cart sequence for {{store}}, which sells {{product type}}.

- Common doubts before buying: {{common objections}}
- Guarantees and terms (shipping, returns, payment): {{guarantees}}
- Incentive for the last email (write "none" if there isn't one): {{incentive}}

1. After 1 hour: a helpful reminder with [product] and [product image], no hard sell. 60 words or fewer.
2. After 24 hours: answer the common doubts and highlight the guarantees. 100 words or fewer.
3. After 72 hours: the incentive if there is one, or an honest reason to decide (reviews, real availability). 80 words or fewer.

For each: subject line (45 characters or fewer), preview text and button text. Don't invent stock levels, expiry dates or reviews.`,
    },
    {
      key: 'promotional-email',
      name: 'Promotional email',
      text: `Write a promotional email from {{brand}} announcing {{offer}}.

- Products or services included: {{included products}}
- Dates and terms: {{terms}}
- Audience: {{target audience}}

Deliver:
- 3 subject lines (45 characters or fewer) and a preview text.
- A one-line headline with the offer in plain numbers ("20% off…", not "huge savings").
- A body of 80 to 150 words: who it's for, what they get and why now.
- The button (4 words or fewer, starting with a verb) and a closing line with the terms.

Urgency only if it's real and in the terms. No "Don't miss out!" and no strings of exclamation marks.`,
    },
    {
      key: 'win-back-email',
      name: 'Win-back email for inactive customers',
      text: `Write 2 emails to win back lapsed {{brand}} customers.

- What they've stopped doing (buying, opening the app, booking…): {{lapsed action}}
- For how long: {{inactivity period}}
- What has changed or improved since then: {{improvements}}
- Comeback incentive (write "none" if there isn't one): {{incentive}}

Email 1: acknowledge the time away without guilt, show 2 or 3 improvements that give them a reason to return, and end with a clear button. 120 words or fewer.
Email 2 (a week later, if unopened): short and honest; ask whether they still want to hear from you, with one link to stay and one to unsubscribe. 60 words or fewer.

For both: 3 subject lines of 45 characters or fewer. Warm tone, and no "We miss you!" as a subject line.`,
    },
  ],
};
