/**
 * `npm run bench:style`: the style checker on a 10,000-word document (a benchmark, not a test: it
 * prints pass/fail against the target and exits 0 either way). The document is the checker test's
 * seeded text grown to 10,000 words; the rules are that test's eight plus 92 more banned phrases and
 * preferred terms, the most a workspace may keep (100). Each figure is the median of BENCH_RUNS runs
 * (default 31) after 5 warm-up runs. Target: checking ≤ 50 ms.
 */
import { performance } from 'node:perf_hooks';
import { applyFixes, checkStyle, type StyleRule } from '../../packages/shared/src/style/index.ts';
import { fixtureRules, seededText } from '../../packages/shared/test/style/seeded-texts.ts';
import { countWords } from '../../packages/shared/src/rules/words.ts';

const TARGET_MS = 50;
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

for (const seed of [2, 3]) {
  const { text, language } = seededText(seed, 10_000);
  const violations = checkStyle(text, rules, language);
  const check = measure(() => checkStyle(text, rules, language));
  const fixAll = measure(() => applyFixes(text, checkStyle(text, rules, language)));
  process.stdout.write(
    `${language}: ${countWords(text)} words, ${text.length} characters, ${rules.length} rules, ${violations.length} violations\n` +
      `  check     median ${check.toFixed(1)} ms  (target ≤ ${TARGET_MS} ms) ${check <= TARGET_MS ? 'PASS' : 'FAIL'}\n` +
      `  fix all   median ${fixAll.toFixed(1)} ms  (check and apply)\n`,
  );
}
