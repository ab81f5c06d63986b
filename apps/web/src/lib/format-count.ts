/**
 * A whole number of words or characters in the interface language, exactly as `toLocaleString`
 * writes it ("69", "1,500" and "1500", "12,345" and "12.345"), without asking the browser for its
 * number data: the first number a page formats through Intl loads that data, tens of milliseconds
 * on a phone, and the chat's first screen writes a count on every reply and under the composer.
 * English groups every three digits with a comma; Spanish with a full stop, and only from five
 * digits on. Any other number or language is left to Intl.
 */
export function formatCount(value: number, language: string): string {
  const separator = language === 'en' ? ',' : language === 'es' ? '.' : null;
  if (separator === null || !Number.isSafeInteger(value)) return value.toLocaleString(language);
  const digits = String(Math.abs(value));
  const sign = value < 0 ? '-' : '';
  if (digits.length < (language === 'es' ? 5 : 4)) return sign + digits;
  const head = digits.length % 3 || 3;
  const groups = [digits.slice(0, head)];
  for (let at = head; at < digits.length; at += 3) groups.push(digits.slice(at, at + 3));
  return sign + groups.join(separator);
}
