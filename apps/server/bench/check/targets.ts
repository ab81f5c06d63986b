/**
 * Every benchmark target, in one table (docs/benchmarks.md gives the figures measured against them).
 * Each benchmark judges its figures with `judge` and records them with `recordFigures`;
 * `npm run bench:check` runs every benchmark briefly and prints the figures it recorded against these.
 */
export interface Target {
  /** The benchmark's npm script. */
  benchmark: string;
  /** What is measured, as a reader of the table would name it. */
  figure: string;
  unit: string;
  /** `most`: the figure may not be above the limit; `least`: not below it. */
  bound: 'most' | 'least';
  limit: number;
}

export const targets = {
  apiStartup: {
    benchmark: 'bench',
    figure: 'API start-up on a fresh PGlite',
    unit: 'ms',
    bound: 'most',
    limit: 15_000,
  },
  apiListP99: {
    benchmark: 'bench',
    figure: 'workspace list p99, 20 at a time',
    unit: 'ms',
    bound: 'most',
    limit: 250,
  },
  apiListRps: {
    benchmark: 'bench',
    figure: 'workspace list requests per second',
    unit: 'req/s',
    bound: 'least',
    limit: 200,
  },

  streamCpuPerToken: {
    benchmark: 'bench:stream',
    figure: 'chat at 200 streams: CPU per token, ours / pass-through',
    unit: '×',
    bound: 'most',
    limit: 1.5,
  },
  streamFirstTokenP50: {
    benchmark: 'bench:stream',
    figure: 'chat at 200 streams: first-token p50, ours / pass-through',
    unit: '×',
    bound: 'most',
    limit: 2,
  },
  streamFirstTokenP99: {
    benchmark: 'bench:stream',
    figure: 'chat at 200 streams: first-token p99, ours / pass-through',
    unit: '×',
    bound: 'most',
    limit: 2,
  },
  streamIncomplete: {
    benchmark: 'bench:stream',
    figure: 'streams not completed whole',
    unit: 'streams',
    bound: 'most',
    limit: 0,
  },

  webLastReply: {
    benchmark: 'bench:web',
    figure: 'last reply on screen, 3,000-entry conversation (390 × 844)',
    unit: 'ms',
    bound: 'most',
    limit: 500,
  },
  webConversationFlat: {
    benchmark: 'bench:web',
    figure: 'last reply on screen, 3,000 entries against 300',
    unit: '×',
    bound: 'most',
    limit: 1.2,
  },
  webDomNodes: {
    benchmark: 'bench:web',
    figure: 'DOM nodes, 3,000-entry conversation',
    unit: 'nodes',
    bound: 'most',
    limit: 3_000,
  },
  webHeap: {
    benchmark: 'bench:web',
    figure: 'JS heap, 3,000-entry conversation',
    unit: 'MB',
    bound: 'most',
    limit: 40,
  },
  webScrollFps: {
    benchmark: 'bench:web',
    figure: 'scroll frames per second, 3,000 entries',
    unit: 'fps',
    bound: 'least',
    limit: 55,
  },
  webLoginJs: {
    benchmark: 'bench:web',
    figure: 'JavaScript before the first screen, /login (gzip)',
    unit: 'KB',
    bound: 'most',
    limit: 140,
  },
  webChatJs: {
    benchmark: 'bench:web',
    figure: 'JavaScript before lazy chunks, /chat (brotli, on the wire)',
    unit: 'KB',
    bound: 'most',
    limit: 250,
  },
  webLighthouseDesktop: {
    benchmark: 'bench:web',
    figure: 'Lighthouse performance, desktop (lowest page)',
    unit: 'score',
    bound: 'least',
    limit: 95,
  },
  webLighthouseMobile: {
    benchmark: 'bench:web',
    figure: 'Lighthouse performance, mobile (lowest page)',
    unit: 'score',
    bound: 'least',
    limit: 90,
  },
  webAccessibility: {
    benchmark: 'bench:web',
    figure: 'Lighthouse accessibility (lowest page and preset)',
    unit: 'score',
    bound: 'least',
    limit: 100,
  },

  capacityRss: {
    benchmark: 'bench:capacity',
    figure: 'RSS with 2,000 open chat streams',
    unit: 'MiB',
    bound: 'most',
    limit: 1024,
  },
  capacityDropped: {
    benchmark: 'bench:capacity',
    figure: 'streams lost at 2,000 open',
    unit: 'streams',
    bound: 'most',
    limit: 0,
  },

  soakRssGrowth: {
    benchmark: 'bench:soak',
    figure: 'RSS growth after the warm-up, mixed traffic',
    unit: '%',
    bound: 'most',
    limit: 10,
  },
  soakHeapGrowth: {
    benchmark: 'bench:soak',
    figure: 'heap growth after the warm-up, mixed traffic',
    unit: '%',
    bound: 'most',
    limit: 10,
  },
  soakErrors: {
    benchmark: 'bench:soak',
    figure: 'errors under mixed traffic',
    unit: 'errors',
    bound: 'most',
    limit: 0,
  },

  throughputFailures: {
    benchmark: 'bench:throughput',
    figure: 'failed list requests (non-2xx, server error lines)',
    unit: 'requests',
    bound: 'most',
    limit: 0,
  },

  documentSavesOthersP99: {
    benchmark: 'bench:document-saves',
    figure: "another user's requests p99 during 16 × 1 MB saves",
    unit: 'ms',
    bound: 'most',
    limit: 1_000,
  },

  collabP99: {
    benchmark: 'bench:collab',
    figure: '200 editors on 50 documents: keystroke p99',
    unit: 'ms',
    bound: 'most',
    limit: 100,
  },
  collabMemory: {
    benchmark: 'bench:collab',
    figure: 'memory per open document',
    unit: 'KB',
    bound: 'most',
    limit: 200,
  },
  collabLost: {
    benchmark: 'bench:collab',
    figure: 'keystrokes not delivered',
    unit: 'keystrokes',
    bound: 'most',
    limit: 0,
  },

  knowledgeRecall: {
    benchmark: 'bench:knowledge',
    figure: 'recall@5, offline embedder',
    unit: '',
    bound: 'least',
    limit: 0.9,
  },
  knowledgeSearchP99: {
    benchmark: 'bench:knowledge',
    figure: 'search p99 at 10,000 passages (PGlite)',
    unit: 'ms',
    bound: 'most',
    limit: 50,
  },

  bulkWallRatio: {
    benchmark: 'bench:bulk',
    figure: "1,000-row batch at Pro's 8 at a time: wall time / the provider's own time",
    unit: '×',
    bound: 'most',
    limit: 1.1,
  },
  bulkOverheadP99: {
    benchmark: 'bench:bulk',
    figure: 'queue overhead per row (server time − provider time), p99',
    unit: 'ms',
    bound: 'most',
    limit: 50,
  },
  bulkMemoryGrowth: {
    benchmark: 'bench:bulk',
    figure: 'server RSS once idle, after 10,000 rows over after 100',
    unit: 'MiB',
    bound: 'most',
    limit: 50,
  },

  styleCheck: {
    benchmark: 'bench:style',
    figure: '10,000 words against 100 rules, median',
    unit: 'ms',
    bound: 'most',
    limit: 50,
  },
} as const satisfies Record<string, Target>;

export type TargetName = keyof typeof targets;

export type Verdict = 'PASS' | 'MISS' | 'DISTURBED';

/** One measured figure. `disturbed`: the machine was too busy for the figure to be a verdict. */
export interface Figure {
  target: TargetName;
  value: number | null;
  /** How it was taken (runs, range), shown beside the figure. */
  note?: string;
  disturbed?: boolean;
}

export function judge(figure: Figure): Verdict {
  if (figure.disturbed) return 'DISTURBED';
  const target: Target = targets[figure.target];
  if (figure.value === null || !Number.isFinite(figure.value)) return 'MISS';
  return (target.bound === 'most' ? figure.value <= target.limit : figure.value >= target.limit)
    ? 'PASS'
    : 'MISS';
}
