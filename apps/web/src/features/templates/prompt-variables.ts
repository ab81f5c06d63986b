/**
 * For the prompt library, which loads on demand: its prompts' variables asked for as template fields.
 * Apart from the feature's index, which the chat's first load reads: these bring the shared schemas,
 * and zod with them.
 */
export { PromptVariablesFields } from './components/prompt-variables-fields';
export { promptVariableFields } from './prompt-variable-fields';
