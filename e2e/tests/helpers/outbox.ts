import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from '@playwright/test';
import { E2E_OUTBOX_DIR } from '../../playwright.config';

/** One e-mail or text as the server's development outbox writes it (DATA_DIR/outbox, a JSON file each). */
export interface OutboxMessage {
  channel: 'email' | 'sms';
  to: string;
  subject: string;
  text: string;
  html: string;
  createdAt: string;
}

async function readOutbox(): Promise<OutboxMessage[]> {
  let files: string[];
  try {
    files = (await readdir(E2E_OUTBOX_DIR)).filter((file) => file.endsWith('.json')).sort();
  } catch {
    return [];
  }
  return Promise.all(
    files.map(
      async (file) => JSON.parse(await readFile(join(E2E_OUTBOX_DIR, file), 'utf8')) as OutboxMessage,
    ),
  );
}

/**
 * The newest message to `to` (an e-mail address or phone number) whose text matches `pattern`, waiting
 * for it to arrive; only messages recorded at or after `since` count, so an older mail is never read.
 */
export async function latestMessageTo(
  to: string,
  { since, pattern = /./ }: { since: Date; pattern?: RegExp },
): Promise<OutboxMessage> {
  let found: OutboxMessage | undefined;
  await expect
    .poll(
      async () => {
        const messages = await readOutbox();
        found = messages.findLast(
          (m) => m.to === to && new Date(m.createdAt) >= since && pattern.test(m.text),
        );
        return found !== undefined;
      },
      { message: `a message to ${to} in the outbox`, timeout: 10_000 },
    )
    .toBe(true);
  return found as OutboxMessage;
}

/** The 5-digit verification code in a message. */
export function codeIn(message: OutboxMessage): string {
  const code = /\b(\d{5})\b/.exec(message.text)?.[1];
  if (!code) throw new Error(`no 5-digit code in: ${message.text}`);
  return code;
}

/** The password-reset link in a message. */
export function resetLinkIn(message: OutboxMessage): string {
  const link = /https?:\/\/[^\s"'<>]+\/reset-password\?token=[\w.-]+/.exec(message.text)?.[0];
  if (!link) throw new Error(`no reset link in: ${message.text}`);
  return link;
}
