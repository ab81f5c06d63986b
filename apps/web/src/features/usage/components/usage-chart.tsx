import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatCount } from '@/lib/format-count';

/** The most bars one chart shows: the rest are in the table below it. */
const MOST_BARS = 8;
const BAR_HEIGHT = 36;

/**
 * Words by member or by project as horizontal bars, largest first (recharts, in a chunk of its own:
 * the page loads it lazily). The chart is a picture of the table under it, so it is hidden from
 * screen readers, which read the table.
 */
export default function UsageChart({
  bars,
  title,
}: {
  bars: { label: string; words: number }[];
  title: string;
}) {
  const { i18n } = useTranslation();
  const shown = bars.slice(0, MOST_BARS);
  const format = (value: number) => formatCount(value, i18n.language);
  return (
    <figure className="flex min-w-0 flex-col gap-2" aria-hidden>
      <figcaption className="text-[13px] font-medium text-text-muted">{title}</figcaption>
      <div style={{ height: shown.length * BAR_HEIGHT + 32 }} className="w-full min-w-0">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart
            data={shown}
            layout="vertical"
            margin={{ top: 0, right: 16, bottom: 0, left: 0 }}
            // The chart is a picture of the list below it: it takes no keyboard focus.
            accessibilityLayer={false}
          >
            <CartesianGrid horizontal={false} strokeDasharray="3 3" stroke="var(--color-border)" />
            <XAxis type="number" tickFormatter={format} allowDecimals={false} fontSize={12} />
            <YAxis type="category" dataKey="label" width={120} fontSize={12} tickLine={false} />
            <Tooltip
              formatter={(value) => format(Number(value))}
              cursor={{ fill: 'var(--color-surface-muted)' }}
            />
            <Bar
              dataKey="words"
              fill="var(--color-primary)"
              radius={[0, 4, 4, 0]}
              isAnimationActive={false}
            />
          </BarChart>
        </ResponsiveContainer>
      </div>
    </figure>
  );
}
