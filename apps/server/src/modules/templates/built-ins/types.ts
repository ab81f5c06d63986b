import type { Template } from '@redacta/shared';

/** A built-in template as the code ships it. `key` is stable and the same in every language. */
export type BuiltInTemplateSpec = Pick<Template, 'name' | 'description' | 'prompt' | 'fields' | 'output'> & {
  key: string;
};
