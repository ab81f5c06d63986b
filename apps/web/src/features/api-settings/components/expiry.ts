/** A day as a date field holds it (yyyy-mm-dd), in this browser's time zone. */
export function localDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** A key chosen to expire on a day works until that day's end, in the chooser's time zone. */
export function endOfLocalDay(day: string): string {
  return new Date(`${day}T23:59:59.999`).toISOString();
}
