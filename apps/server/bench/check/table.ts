import { formatLimit, formatValue } from './figures.ts';
import { judge, targets, type Figure, type Target, type TargetName, type Verdict } from './targets.ts';

export interface Row {
  benchmark: string;
  figure: string;
  measured: string;
  target: string;
  verdict: Verdict;
  /** How the figure was taken, or why there is none. */
  note?: string;
}

/**
 * One row per target of these benchmarks (npm script names), in their order and then in the order of
 * targets.ts. A target with no recorded figure is a MISS: a benchmark that crashed or skipped a figure
 * must not read as a pass. `whyUnmeasured` says, per benchmark, what became of it.
 */
export function rowsOf(
  benchmarks: string[],
  figures: Map<TargetName, Figure>,
  whyUnmeasured: (benchmark: string) => string,
): Row[] {
  const all = Object.entries(targets) as [TargetName, Target][];
  return benchmarks.flatMap((benchmark) =>
    all
      .filter(([, target]) => target.benchmark === benchmark)
      .map(([name, target]): Row => {
        const figure = figures.get(name);
        const common = { benchmark, figure: target.figure, target: formatLimit(target) };
        if (!figure)
          return { ...common, measured: 'not measured', verdict: 'MISS', note: whyUnmeasured(benchmark) };
        return { ...common, measured: formatValue(figure), verdict: judge(figure), note: figure.note };
      }),
  );
}

const columns = ['benchmark', 'figure', 'measured', 'target', 'verdict'] as const;

/** A plain-text table, each note a numbered line beneath it, referred to from its figure. */
export function formatTable(rows: Row[]): string {
  const notes: string[] = [];
  const cells = rows.map((row) => {
    const number = !row.note ? 0 : notes.indexOf(row.note) + 1 || notes.push(row.note);
    const measured = number ? `${row.measured} [${number}]` : row.measured;
    return [row.benchmark, row.figure, measured, row.target, row.verdict];
  });
  const widths = columns.map((column, i) => Math.max(column.length, ...cells.map((line) => line[i]!.length)));
  const line = (values: readonly string[]) =>
    values
      .map((value, i) => value.padEnd(widths[i]!))
      .join(' | ')
      .trimEnd();
  return [
    line(columns),
    widths.map((width) => '-'.repeat(width)).join('-|-'),
    ...cells.map(line),
    '',
    ...notes.map((note, i) => `[${i + 1}] ${note}`),
  ].join('\n');
}
