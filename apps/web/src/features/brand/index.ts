export { BRAND_VOICES_ALIAS, brandTabAt, brandTabs, type BrandTab } from './brand-tabs';
