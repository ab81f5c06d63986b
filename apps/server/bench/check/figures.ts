import { appendFileSync } from 'node:fs';
import { judge, targets, type Figure, type Target } from './targets.ts';

/**
 * Prints a benchmark's figures against their targets and, when BENCH_FIGURES names a file (as
 * `npm run bench:check` does), appends them to it, one JSON object per line. Returns whether every
 * figure passed.
 */
export function recordFigures(figures: Figure[], print: (line: string) => void = console.log): boolean {
  for (const figure of figures) print(describeFigure(figure));
  const file = process.env.BENCH_FIGURES;
  if (file) appendFileSync(file, figures.map((figure) => `${JSON.stringify(figure)}\n`).join(''));
  return figures.every((figure) => judge(figure) === 'PASS');
}

export function formatLimit(target: Target): string {
  return `${target.bound === 'most' ? '≤' : '≥'} ${target.limit}${target.unit ? ` ${target.unit}` : ''}`;
}

export function formatValue(figure: Figure): string {
  const target: Target = targets[figure.target];
  return figure.value === null ? 'none' : `${figure.value}${target.unit ? ` ${target.unit}` : ''}`;
}

function describeFigure(figure: Figure): string {
  const target: Target = targets[figure.target];
  return (
    `${judge(figure)}: ${target.figure} ${formatValue(figure)} (target ${formatLimit(target)})` +
    (figure.note ? `; ${figure.note}` : '')
  );
}
