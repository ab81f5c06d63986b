import type { TemplateField } from '@redacta/shared';
import type { BuiltInTemplateSpec } from './types.ts';

const tone: TemplateField = {
  key: 'tone',
  label: 'Tone',
  type: 'choice',
  required: false,
  options: ['Friendly', 'Professional', 'Playful', 'Premium', 'Straight-talking'],
};

/** The English built-in templates: the same jobs as the Spanish ones, written for English readers. */
export const englishTemplates: BuiltInTemplateSpec[] = [
  {
    key: 'product-description',
    name: 'Online store product page',
    description: 'A title, a description and five benefit bullets for a product page.',
    prompt: `Write the product page copy for {{product}} in our online store.

Features and facts you can use: {{features}}
Who it is for: {{audience}}
Tone: {{tone}}

The title says what the product is and the feature people search for most. The description shows what it solves day to day; it does not repeat the feature list. Each bullet leads with the benefit and ends with the fact that proves it. Do not invent sizes, materials or certifications that are not in the facts.`,
    fields: [
      { key: 'product', label: 'Product', type: 'text', required: true, maxLength: 120 },
      {
        key: 'features',
        label: 'Features',
        help: 'Materials, sizes, compatibility: whatever the spec sheet says.',
        type: 'longText',
        required: true,
        maxLength: 3000,
      },
      { key: 'audience', label: 'Audience', type: 'text', required: false, maxLength: 200 },
      tone,
    ],
    output: {
      parts: [
        { key: 'title', label: 'Title', maxChars: 70 },
        { key: 'description', label: 'Description', maxChars: 1000 },
        { key: 'bullets', label: 'Benefits', items: 5, maxChars: 150 },
      ],
    },
  },
  {
    key: 'search-ad',
    name: 'Google Ads responsive search ad',
    description: '15 headlines, 4 descriptions and 2 paths within Google Ads limits.',
    prompt: `Write a Google Ads responsive search ad for {{product}}.

Main keyword: {{keyword}}
Audience: {{audience}}
Offer or call to action: {{offer}}
Landing page: {{url}}

Use the keyword, or a close variant, in at least three headlines and two descriptions. Spread the headlines across different angles (benefit, proof, price or offer, urgency, objection handled, call to action): each one works alone and next to any other. No exclamation marks in headlines, no all caps, no superlatives you cannot back up. Paths are words of the display URL, without slashes.`,
    fields: [
      { key: 'product', label: 'Product or service', type: 'text', required: true, maxLength: 120 },
      { key: 'keyword', label: 'Keyword', type: 'text', required: true, maxLength: 80 },
      { key: 'audience', label: 'Audience', type: 'text', required: false, maxLength: 200 },
      { key: 'offer', label: 'Offer', type: 'text', required: false, maxLength: 200 },
      { key: 'url', label: 'Landing page', type: 'url', required: false },
    ],
    output: {
      parts: [
        { key: 'headlines', label: 'Headlines', items: 15, maxChars: 30 },
        { key: 'descriptions', label: 'Descriptions', items: 4, maxChars: 90 },
        { key: 'paths', label: 'Paths', items: 2, maxChars: 15 },
      ],
    },
  },
  {
    key: 'social-ad',
    name: 'Meta ad (Facebook and Instagram)',
    description: 'Primary text, headline and description sized for Meta ads.',
    prompt: `Write a Meta ad (Facebook and Instagram) for {{product}}.

Who it is for: {{audience}}
The benefit that matters most: {{benefit}}
Offer: {{offer}}
Tone: {{tone}}

The primary text hooks in its first line, before "See more", and talks to the reader, not about the brand. The headline ends on what the person gets for clicking. No promises the product cannot keep.`,
    fields: [
      { key: 'product', label: 'Product or service', type: 'text', required: true, maxLength: 120 },
      { key: 'audience', label: 'Audience', type: 'text', required: true, maxLength: 200 },
      { key: 'benefit', label: 'Main benefit', type: 'text', required: true, maxLength: 200 },
      { key: 'offer', label: 'Offer', type: 'text', required: false, maxLength: 200 },
      tone,
    ],
    output: {
      parts: [
        { key: 'primary_text', label: 'Primary text', maxChars: 125 },
        { key: 'headline', label: 'Headline', maxChars: 40 },
        { key: 'description', label: 'Description', maxChars: 30 },
      ],
    },
  },
  {
    key: 'email-subjects',
    name: 'Email subject lines and preheader',
    description: 'Five subject lines to test and a preheader that completes them.',
    prompt: `Suggest subject lines for this campaign's email: {{campaign}}

Recipients: {{audience}}
Offer or news: {{offer}}

Each subject line tries a different angle (curiosity, benefit, urgency, question, a specific number) and reads well in a phone's inbox preview. No all caps, no stacked exclamation marks, no spam-filter bait ("FREE!!!", "urgent"). The preheader finishes the thought of the subject line rather than repeating it.`,
    fields: [
      { key: 'campaign', label: 'Campaign', type: 'longText', required: true, maxLength: 2000 },
      { key: 'audience', label: 'Recipients', type: 'text', required: false, maxLength: 200 },
      { key: 'offer', label: 'Offer or news', type: 'text', required: false, maxLength: 200 },
    ],
    output: {
      parts: [
        { key: 'subject_lines', label: 'Subject lines', items: 5, maxChars: 60 },
        { key: 'preheader', label: 'Preheader', maxChars: 100 },
      ],
    },
  },
  {
    key: 'seo-meta',
    name: 'SEO title and meta description',
    description: 'The title and description Google shows, short enough not to be cut.',
    prompt: `Write the title tag and meta description for this page: {{page}}

Main keyword: {{keyword}}
Brand: {{brand}}

Put the keyword at the start of the title and once in the meta description. The meta description promises what the page delivers and invites the click with a verb. End the title with the brand if it fits.`,
    fields: [
      { key: 'page', label: 'What the page is about', type: 'longText', required: true, maxLength: 2000 },
      { key: 'keyword', label: 'Keyword', type: 'text', required: true, maxLength: 80 },
      { key: 'brand', label: 'Brand', type: 'text', required: false, maxLength: 60 },
    ],
    output: {
      parts: [
        { key: 'seo_title', label: 'Title tag', maxChars: 60 },
        { key: 'meta_description', label: 'Meta description', maxChars: 155 },
      ],
    },
  },
  {
    key: 'landing-hero',
    name: 'Landing page hero',
    description: 'Headline, subheadline and button for the first screen of a landing page.',
    prompt: `Write the first screen of the landing page for {{product}}.

Who it is for: {{audience}}
What people achieve with it: {{benefit}}
Proof we can quote: {{proof}}

The headline states the outcome, not the product. The subheadline explains how the outcome happens and answers the most common objection. The button starts with a verb and says what happens when you press it.`,
    fields: [
      { key: 'product', label: 'Product or service', type: 'text', required: true, maxLength: 120 },
      { key: 'audience', label: 'Audience', type: 'text', required: true, maxLength: 200 },
      { key: 'benefit', label: 'Outcome', type: 'text', required: true, maxLength: 200 },
      {
        key: 'proof',
        label: 'Proof',
        help: 'Customers, numbers, awards or real reviews.',
        type: 'text',
        required: false,
        maxLength: 300,
      },
    ],
    output: {
      parts: [
        { key: 'headline', label: 'Headline', maxChars: 70 },
        { key: 'subheadline', label: 'Subheadline', maxChars: 160 },
        { key: 'cta', label: 'Button', maxChars: 25 },
      ],
    },
  },
  {
    key: 'product-names',
    name: 'Product name ideas',
    description: 'Ten names for a new product, in different styles.',
    prompt: `Suggest names for this product: {{product}}

Audience: {{audience}}
Style we are after: {{style}}

Short names that are easy to say and to spell after hearing them once. Mix descriptive, evocative and coined names. Avoid anything that sounds like a well-known brand in the category.`,
    fields: [
      { key: 'product', label: 'What it is and does', type: 'longText', required: true, maxLength: 1000 },
      { key: 'audience', label: 'Audience', type: 'text', required: false, maxLength: 200 },
      {
        key: 'style',
        label: 'Style',
        type: 'choice',
        required: false,
        options: ['Descriptive', 'Evocative', 'Coined', 'Playful', 'Technical'],
      },
    ],
    output: { parts: [{ key: 'names', label: 'Names', items: 10, maxChars: 30 }] },
  },
  {
    key: 'localise',
    name: 'Localise a text for another market',
    description: 'Adapts a text to another language and market rather than translating it.',
    prompt: `Adapt this text for another language and market.

Target language (ISO 639-1 code): {{language}}
Market: {{market}}

Text:
{{text}}

Localise rather than translate word for word: change idioms, references, date formats, currency and units to what people there use, and keep the tone and intent of the original. Add no new information. Answer with the adapted text only.`,
    fields: [
      { key: 'text', label: 'Original text', type: 'longText', required: true },
      { key: 'language', label: 'Target language', type: 'language', required: true },
      { key: 'market', label: 'Market', type: 'text', required: false, maxLength: 100 },
    ],
  },
  {
    key: 'rewrite-for-channel',
    name: 'Rewrite a text for another channel',
    description: 'Rewrites a text with the length, format and register of the chosen channel.',
    prompt: `Rewrite this text for {{channel}}:

{{text}}

Fit the length, the formatting (line breaks, emoji, hashtags, links) and the register to what works on that channel. Keep the facts, figures and call to action of the original. Answer with the new text only.`,
    fields: [
      { key: 'text', label: 'Original text', type: 'longText', required: true },
      {
        key: 'channel',
        label: 'Channel',
        type: 'choice',
        required: true,
        options: ['Instagram', 'LinkedIn', 'X (Twitter)', 'Facebook', 'Newsletter', 'Website', 'WhatsApp'],
      },
    ],
  },
  {
    key: 'newsletter-intro',
    name: 'Newsletter intro',
    description: "The opening paragraph of this week's newsletter.",
    prompt: `Write the intro of this week's {{brand}} newsletter.

Topics in this issue: {{topics}}
Readers: {{audience}}

Open with something that matters to the reader this week, introduce the topics without listing them like a table of contents, and end by inviting them to read on. One paragraph, addressed to "you".`,
    fields: [
      { key: 'brand', label: 'Brand', type: 'text', required: true, maxLength: 60 },
      { key: 'topics', label: 'Topics in this issue', type: 'longText', required: true, maxLength: 2000 },
      { key: 'audience', label: 'Readers', type: 'text', required: false, maxLength: 200 },
    ],
    output: { parts: [{ key: 'intro', label: 'Intro', maxChars: 600 }] },
  },
  {
    key: 'blog-outline',
    name: 'Blog post outline',
    description: 'An SEO title and the sections of a post, ready to draft.',
    prompt: `Outline a blog post about {{topic}}.

Keyword: {{keyword}}
Readers: {{audience}}

The title includes the keyword and promises something specific. Each section is an H2 that answers a question the reader really asks, in the order they would ask it.`,
    fields: [
      { key: 'topic', label: 'Topic', type: 'text', required: true, maxLength: 200 },
      { key: 'keyword', label: 'Keyword', type: 'text', required: false, maxLength: 80 },
      { key: 'audience', label: 'Readers', type: 'text', required: false, maxLength: 200 },
    ],
    output: {
      parts: [
        { key: 'title', label: 'Title', maxChars: 60 },
        { key: 'sections', label: 'Sections', items: 6, maxChars: 100 },
      ],
    },
  },
  {
    key: 'customer-reply',
    name: 'Reply to a customer',
    description: 'Answers a review, an email or a message from a customer.',
    prompt: `Reply to this message from a customer:

{{message}}

What we know about the case: {{context}}
Tone: {{tone}}

Thank them or acknowledge what they say in the first sentence, answer what they ask or complain about without excuses, and offer a concrete next step. No boilerplate ("we apologise for any inconvenience"). Sign off as the customer care team.`,
    fields: [
      { key: 'message', label: "Customer's message", type: 'longText', required: true, maxLength: 3000 },
      { key: 'context', label: 'Context', type: 'longText', required: false, maxLength: 1000 },
      tone,
    ],
  },
  {
    key: 'linkedin-post',
    name: 'LinkedIn post',
    description: 'A company page or personal profile post for LinkedIn.',
    prompt: `Write a LinkedIn post about {{topic}}.

Points it must make: {{points}}
Who it is for: {{audience}}
What we want readers to do next: {{cta}}

The first two lines hook before "see more". Paragraphs of one or two sentences, a concrete experience or number in the middle, and a question or call to action at the end. No emoji on every line.`,
    fields: [
      { key: 'topic', label: 'Topic', type: 'text', required: true, maxLength: 200 },
      { key: 'points', label: 'Key points', type: 'longText', required: true, maxLength: 2000 },
      { key: 'audience', label: 'Audience', type: 'text', required: false, maxLength: 200 },
      { key: 'cta', label: 'Call to action', type: 'text', required: false, maxLength: 200 },
    ],
    output: {
      parts: [
        { key: 'post', label: 'Post', maxChars: 3000 },
        { key: 'hashtags', label: 'Hashtags', items: 3, maxChars: 30 },
      ],
    },
  },
  {
    key: 'instagram-caption',
    name: 'Instagram caption',
    description: 'A caption with a hook, body and hashtags for an Instagram post.',
    prompt: `Write the caption for an Instagram post about {{topic}}.

What the image or video shows: {{visual}}
Tone: {{tone}}

The first line hooks before "more". Short sentences, an emoji where it fits, and a clear call to action (save, comment, tap the link in bio).`,
    fields: [
      { key: 'topic', label: 'Topic', type: 'text', required: true, maxLength: 200 },
      { key: 'visual', label: 'Image or video', type: 'text', required: false, maxLength: 300 },
      tone,
    ],
    output: {
      parts: [
        { key: 'caption', label: 'Caption', maxChars: 2200 },
        { key: 'hashtags', label: 'Hashtags', items: 5, maxChars: 30 },
      ],
    },
  },
];
