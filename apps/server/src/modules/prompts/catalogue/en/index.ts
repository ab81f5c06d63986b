import type { CatalogueCategory } from '../types.ts';
import { ads } from './ads.ts';
import { blog } from './blog.ts';
import { brainstorm } from './brainstorm.ts';
import { email } from './email.ts';
import { landing } from './landing.ts';
import { product } from './product.ts';
import { rewrite } from './rewrite.ts';
import { search } from './search.ts';
import { seo } from './seo.ts';
import { social } from './social.ts';

/** The English library, in the order the prompt panel shows its categories. */
export const englishCatalogue: CatalogueCategory[] = [
  ads,
  social,
  email,
  landing,
  blog,
  seo,
  product,
  brainstorm,
  rewrite,
  search,
];
