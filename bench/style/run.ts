/**
 * `npm run bench:style`: the style checker on a 10,000-word document (a benchmark, not a test: it
 * prints its figure against the target, apps/server/bench/check/targets.ts `styleCheck`, and exits
 * non-zero on a miss). The document is the checker test's seeded text grown to 10,000 words; the rules
 * are that test's eight plus 92 more banned phrases and preferred terms, the most a workspace may keep
 * (100). Each figure is the median of BENCH_RUNS runs (default 31) after 5 warm-up runs, in Spanish and
 * in English; the target is judged on the slower language. A run takes seconds, so its brief run
 * (BENCH_BRIEF=1) is the same run.
 */
import { performance } from 'node:perf_hooks';
import { applyFixes, checkStyle, type StyleRule } from '../../packages/shared/src/style/index.ts';
import { fixtureRules, seededText } from '../../packages/shared/test/style/seeded-texts.ts';
import { countWords } from '../../packages/shared/src/rules/words.ts';
import { recordFigures } from '../../apps/server/bench/check/figures.ts';

const runs = Number(process.env.BENCH_RUNS ?? 31);

const moreRules: StyleRule[] = Array.from({ length: 92 }, (_, i) =>
  i % 2 === 0
    ? { id: `extra-${i}`, kind: 'ban', phrase: `palabra${i} prohibida` }
    : { id: `extra-${i}`, kind: 'prefer', use: `término${i}`, avoid: [`termino${i}`, `vocablo${i}`] },
);
const rules = [...fixtureRules, ...moreRules];

function median(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

function measure(work: () => unknown): number {
  for (let i = 0; i < 5; i += 1) work();
  const samples: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    work();
    samples.push(performance.now() - started);
  }
  return median(samples);
}

const checks: { language: string; ms: number }[] = [];
for (const seed of [2, 3]) {
  const { text, language } = seededText(seed, 10_000);
  const violations = checkStyle(text, rules, language);
  const check = measure(() => checkStyle(text, rules, language));
  const fixAll = measure(() => applyFixes(text, checkStyle(text, rules, language)));
  checks.push({ language, ms: +check.toFixed(1) });
  process.stdout.write(
    `${language}: ${countWords(text)} words, ${text.length} characters, ${rules.length} rules, ${violations.length} violations\n` +
      `  check     median ${check.toFixed(1)} ms\n` +
      `  fix all   median ${fixAll.toFixed(1)} ms  (check and apply)\n`,
  );
}
const met = recordFigures([
  {
    target: 'styleCheck',
    value: Math.max(...checks.map((check) => check.ms)),
    note: `the slower language; median of ${runs} runs (${checks.map((c) => `${c.language} ${c.ms} ms`).join(', ')})`,
  },
]);
if (!met) process.exitCode = 1;
