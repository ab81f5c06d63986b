import { capitalize, pick, type DemoTexts, type KindFrame } from './texts.ts';
import { ctas, enPools, headlines } from './pools-en.ts';

/** The demo writer's copy in English. */
function frame(
  kind: Parameters<DemoTexts['frame']>[0],
  s: string,
  seed: number,
  hashtags: string,
): KindFrame {
  const none = { body: [], list: null, tail: [], signOff: 0 };
  switch (kind) {
    case 'ad':
      return {
        ...none,
        head: [`## Ad: ${s}`, `**Headline:** ${pick(headlines, seed)(s)}`],
        body: [
          `**Body:** Looking for results without the hassle? With ${s}, you save time from day one, with an experience built around you.`,
        ],
        tail: [
          `**Call to action:** ${pick(ctas, seed)}`,
          `**Short variant:** Less effort, better results with ${s}.`,
        ],
      };
    case 'social':
      return {
        ...none,
        head: [
          `## Social post: ${s}`,
          `${pick(['✨', '🚀', '💡'], seed)} Did you know your day-to-day can change with ${s}?`,
        ],
        list: {
          family: 'tip',
          count: 3,
          label: 'keys',
          intro: (count, label) => `${capitalize(en.numberWord(count))} ${label}:`,
        },
        tail: ['👉 Tell us in the comments how you do it.', hashtags],
        signOff: 1,
      };
    case 'email':
      return {
        head: [
          `## E-mail: ${s}`,
          `**Subject:** ${pick(['We have something for you', 'An idea for this week', "Don't miss this"], seed)}: ${s}`,
          '**Preview:** The essentials in under a minute.',
          'Hi [name],',
        ],
        body: [`Your time matters, so straight to the point: with ${s} you achieve more with less effort.`],
        list: {
          family: 'tip',
          count: 2,
          intro: (count, label) => `Here are ${en.numberWord(count)} ${label}:`,
          items: [
            'What you gain: clarity and results from day one.',
            'How to start: one step, no commitment.',
          ],
        },
        tail: ['**[Tell me more]**', 'Best,\n[signature]'],
        signOff: 1,
      };
    case 'outline':
      return {
        ...none,
        head: [`## Blog outline: ${s}`, `**Suggested title:** The complete guide to ${s}`],
        list: { family: 'section', count: 6, intro: null },
      };
    case 'article':
      return { ...none, head: [`## Article: ${s}`] };
    case 'product':
      return {
        ...none,
        head: [`## Product description: ${s}`, `With ${s}, results come without the hassle.`],
        list: {
          family: 'tip',
          count: 3,
          label: 'benefits',
          intro: (_, label) => `**${capitalize(label)}:**`,
          items: [
            '**Easy to use:** ready in minutes.',
            '**Reliable:** works when you need it.',
            '**Made for you:** adapts to the way you work.',
          ],
        },
        tail: ['**Price:** [price] · **Available on:** [channels]'],
      };
    case 'general':
      return {
        ...none,
        head: [`## Draft copy: ${s}`, `For ${s}, a clear message works best. Here is a starting point:`],
        body: [`> What you need, when you need it, without the hassle: ${s}.`],
        tail: [
          '**Next step:** tell me the format (ad, post, e-mail…) and the audience, and I will tailor it.',
        ],
      };
  }
}

const words = ['', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];

export const en: DemoTexts = {
  frame,
  kindHeading: {
    ad: 'Ad',
    social: 'Social post',
    email: 'E-mail',
    ideas: 'Ideas',
    article: 'Article',
    outline: 'Blog outline',
    product: 'Product description',
    general: 'Draft copy',
  },
  labels: {
    idea: ['idea', 'ideas'],
    headline: ['headline', 'headlines'],
    slogan: ['slogan', 'slogans'],
    hashtag: ['hashtag', 'hashtags'],
    name: ['name', 'names'],
    tip: ['tip', 'tips'],
    question: ['question', 'questions'],
    section: ['section', 'sections'],
    variant: ['variant', 'variants'],
  },
  ...enPools,
  variantsIntro: (count) => `${capitalize(en.numberWord(count))} variants to choose from:`,
  closings: {
    informal: "Tell us what you think, we'd love to hear from you",
    formal: 'We remain at your disposal for anything you may need',
    neutral: 'We are here for whatever you need',
  },
  kindRequest: {
    ad: 'an ad',
    social: 'a social media post',
    email: 'a marketing e-mail',
    ideas: 'a list of ideas',
    article: 'a blog article',
    outline: 'a blog post outline',
    product: 'a product description',
    general: 'marketing copy',
  },
  improve: (what, connector, subject, length) =>
    `Write ${what} ${connector} ${subject}. Audience: [describe who it is for]. Tone: friendly and professional. ` +
    `Length: ${length ? `about ${length} words` : 'short'}. Include one concrete benefit and a clear call to action.`,
  numberWord: (count) => (count >= 2 && count <= 10 ? words[count - 1]! : String(count)),
  stopWords: new Set(
    'the a an of and or for to in on with about my our your their its this that at by from'.split(' '),
  ),
};
