import type {
  LanguageModelV3CallOptions,
  LanguageModelV3Prompt,
  LanguageModelV3StreamPart,
} from '@ai-sdk/provider';
import type { Locale } from '@redacta/shared';
import { parseRequest } from './request.ts';
import type { WebSearchResult } from '../web-search.ts';

/**
 * The demo writer's side of live search, so a server with SEARCH_URL and no model still searches:
 * offered the web_search tool, its first call asks for one search on the request's topic; the next
 * call (the results are in the prompt) opens the reply with what the search found, each finding
 * linked to its source.
 */
const TOOL = 'web_search';

/** The search to ask for: when the tool is offered and this request has no search result yet. */
export function demoSearchQuery(
  call: LanguageModelV3CallOptions,
  message: string,
  language: Locale,
): string | null {
  const offered = call.tools?.some((tool) => tool.type === 'function' && tool.name === TOOL);
  if (!offered || call.toolChoice?.type === 'none' || searchOutputs(call.prompt) !== null) return null;
  return parseRequest(message, language).subject;
}

/** A model turn that only calls the tool, like a provider's. */
export function searchCallStream(query: string): ReadableStream<LanguageModelV3StreamPart> {
  return new ReadableStream({
    start(controller) {
      controller.enqueue({ type: 'stream-start', warnings: [] });
      controller.enqueue({
        type: 'tool-call',
        toolCallId: 'demo-search-0',
        toolName: TOOL,
        input: JSON.stringify({ query }),
      });
      controller.enqueue({
        type: 'finish',
        finishReason: { unified: 'tool-calls', raw: 'tool_calls' },
        usage: {
          inputTokens: { total: 0, noCache: 0, cacheRead: undefined, cacheWrite: undefined },
          outputTokens: { total: 0, text: 0, reasoning: undefined },
        },
      });
      controller.close();
    },
  });
}

const texts = {
  es: { found: 'Lo que dice la web ahora', none: 'La búsqueda no encontró resultados útiles.' },
  en: { found: 'What the web says now', none: 'The search found nothing useful.' },
} satisfies Record<Locale, Record<string, string>>;

/** The reply with the search's findings before it; unchanged when the request did not search. */
export function withSearchFindings(reply: string, prompt: LanguageModelV3Prompt, language: Locale): string {
  const outputs = searchOutputs(prompt);
  if (outputs === null) return reply;
  // A failed search: the app's own notice says so at the end of the reply.
  if (outputs.some((output) => 'error' in output)) return reply;
  const results = outputs.flatMap((output) => output.results ?? []);
  const t = texts[language];
  if (results.length === 0) return `${t.none}\n\n${reply}`;
  const findings = results
    .map(
      (r) => `- **${r.title}**${r.snippet ? `: ${r.snippet}` : ''} ([${new URL(r.url).hostname}](${r.url}))`,
    )
    .join('\n');
  return `### ${t.found}\n\n${findings}\n\n${reply}`;
}

type SearchOutput = { results?: WebSearchResult[]; error?: string };

/** The web_search results after the last user message, or null when there are none. */
function searchOutputs(prompt: LanguageModelV3Prompt): SearchOutput[] | null {
  const outputs: SearchOutput[] = [];
  for (let i = prompt.length - 1; i >= 0; i -= 1) {
    const message = prompt[i]!;
    if (message.role === 'user') break;
    if (message.role !== 'tool') continue;
    for (const part of message.content) {
      if (part.type === 'tool-result' && part.toolName === TOOL && part.output.type === 'json') {
        outputs.push(part.output.value as SearchOutput);
      }
    }
  }
  return outputs.length > 0 ? outputs : null;
}
