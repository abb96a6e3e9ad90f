import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Clock } from '../shared/clock';

/** 'telegram': an operator notification while the Telegram bot is not configured (docs/ARCHITECTURE.md#operator-notifications). */
export type OutboxChannel = 'email' | 'sms' | 'telegram';

/** One message as the development outbox keeps it (and writes it, as JSON, one file a message). */
export interface OutboxMessage {
  channel: OutboxChannel;
  to: string;
  subject: string;
  text: string;
  html: string;
  createdAt: string;
}

/** Where the outbox logs; pino's (and so Fastify's) logger fits. */
export interface MessagingLog {
  info(object: Record<string, unknown>, message: string): void;
  warn(object: Record<string, unknown>, message: string): void;
}

/** How many messages the outbox keeps in memory for the tests (the files stay on disk). */
const KEPT_IN_MEMORY = 100;

/**
 * `someone@example.com` → `so***@example.com`, `01012345678` → `010****5678`: enough to tell
 * messages apart in a log, not enough to collect addresses from it.
 */
export function maskRecipient(to: string): string {
  const at = to.lastIndexOf('@');
  if (at > 0) return `${to.slice(0, Math.min(2, at - 1) || 1)}***${to.slice(at)}`;
  if (to.length >= 8) return `${to.slice(0, 3)}${'*'.repeat(to.length - 7)}${to.slice(-4)}`;
  return '***';
}

/**
 * The development transport of e-mails and text messages, used when SMTP (or the SMS gateway) is not
 * configured: each message becomes one JSON file in `dir` (DATA_DIR/outbox), named so that the files
 * sort by time (`ls data/outbox | tail -1` is the latest), and the last ~100 stay in memory for tests
 * (`app.services.outbox`). The log line says that a message was recorded and for whom (masked), never
 * its text: that holds the code or the link.
 */
export class Outbox {
  private readonly kept: OutboxMessage[] = [];
  private sequence = 0;

  constructor(
    private readonly dir: string,
    private readonly clock: Clock,
    private readonly log: MessagingLog,
  ) {}

  async record(message: Omit<OutboxMessage, 'createdAt'>): Promise<OutboxMessage> {
    const now = this.clock.now();
    const recorded: OutboxMessage = { ...message, createdAt: now.toISOString() };
    this.sequence += 1;
    // ISO time without colons (portable file names); the sequence orders messages of one millisecond.
    const stamp = recorded.createdAt.replace(/:/g, '-');
    const file = `${stamp}-${message.channel}-${String(this.sequence).padStart(6, '0')}.json`;
    await mkdir(this.dir, { recursive: true });
    await writeFile(join(this.dir, file), `${JSON.stringify(recorded, null, 2)}\n`, { mode: 0o600 });
    this.kept.push(recorded);
    if (this.kept.length > KEPT_IN_MEMORY) this.kept.splice(0, this.kept.length - KEPT_IN_MEMORY);
    this.log.info(
      { channel: message.channel, to: maskRecipient(message.to), file },
      'message recorded in the development outbox',
    );
    return recorded;
  }

  /** The messages kept in memory, oldest first. */
  messages(): OutboxMessage[] {
    return [...this.kept];
  }

  /** The latest message to `to` (compared as given: tests pass the normalised address). */
  last(to: string): OutboxMessage | undefined {
    return this.kept.findLast((message) => message.to === to);
  }

  /** Forgets what is kept in memory (the files stay). */
  clear(): void {
    this.kept.length = 0;
  }
}
