import { existsSync, readFileSync } from 'node:fs';
import type { CaughtMail } from './smtp-sink.ts';

function mailFile(): string {
  const file = process.env.E2E_MAIL_FILE;
  if (!file) throw new Error('E2E_MAIL_FILE is not set: run the specs through playwright.config.ts');
  return file;
}

export function caughtMails(file = mailFile()): CaughtMail[] {
  if (!existsSync(file)) return [];
  const mails: CaughtMail[] = [];
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (!line) continue;
    try {
      mails.push(JSON.parse(line) as CaughtMail);
    } catch {
      // the sink is still writing this line: the next poll reads it whole
    }
  }
  return mails;
}

/**
 * Waits for the newest mail to `email` received after `since` that carries a 6-digit code, and returns
 * the code (as the text part shows it).
 */
export async function waitForCode(email: string, since: Date, timeoutMs = 15_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  const address = email.toLowerCase();
  for (;;) {
    const mail = caughtMails()
      .filter((m) => m.to.includes(address) && new Date(m.receivedAt) >= since)
      .at(-1);
    const code = mail?.text.match(/\b(\d{6})\b/)?.[1];
    if (code) return code;
    if (Date.now() > deadline) {
      const seen = caughtMails().map((m) => `${m.to.join(',')}: ${m.subject}`);
      throw new Error(
        `No sign-in code mailed to ${email} within ${timeoutMs} ms. Mails seen: ${JSON.stringify(seen)}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
