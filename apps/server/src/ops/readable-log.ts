/**
 * The log as a person reads it at a terminal (LOG_FORMAT=readable, which `npm start` sets;
 * docs/ARCHITECTURE.md#the-first-start-and-the-log): each JSON record pino writes becomes one line,
 * `14:02:11 WARN message key=value …`, in the machine's local time, info without a label. An error's
 * stack follows it, indented. The record has already been through the log serializers
 * (http/log-redaction), so a line says nothing the JSON would not: no query strings, no query values.
 */

interface Output {
  write(text: string): unknown;
}

const LEVEL_LABELS: Record<number, string> = {
  10: 'TRACE ',
  20: 'DEBUG ',
  30: '',
  40: 'WARN ',
  50: 'ERROR ',
  60: 'FATAL ',
};
/** pino's own fields, and the per-process ones a terminal reader does not need on every line. */
const OMITTED = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'err', 'req', 'res']);

function clock(time: unknown): string {
  const date = typeof time === 'number' ? new Date(time) : new Date();
  return [date.getHours(), date.getMinutes(), date.getSeconds()]
    .map((part) => String(part).padStart(2, '0'))
    .join(':');
}

function valueText(value: unknown): string {
  if (Array.isArray(value) && value.every((item) => typeof item === 'string')) {
    return JSON.stringify(value.join(', '));
  }
  if (typeof value === 'string') return /^[^\s"=]+$/.test(value) ? value : JSON.stringify(value);
  return JSON.stringify(value) ?? String(value);
}

interface LoggedError {
  type?: string;
  message?: string;
  stack?: string;
}

/** One JSON log record as one readable line (and an error's stack under it). */
export function readableLine(record: Record<string, unknown>): string {
  const level = typeof record.level === 'number' ? record.level : 30;
  const label = LEVEL_LABELS[level] ?? `${String(level)} `;
  const fields = Object.entries(record)
    .filter(([key, value]) => !OMITTED.has(key) && value !== undefined)
    .map(([key, value]) => ` ${key}=${valueText(value)}`)
    .join('');
  let line = `${clock(record.time)} ${label}${String(record.msg ?? '')}${fields}`;
  const err = record.err as LoggedError | undefined;
  if (err && typeof err === 'object') {
    line += ` — ${err.type ?? 'Error'}: ${err.message ?? ''}`;
    const frames = (err.stack ?? '').split('\n').filter((frame) => /^\s+at /.test(frame));
    if (level >= 50 && frames.length > 0)
      line += `\n${frames.map((frame) => `    ${frame.trim()}`).join('\n')}`;
  }
  return `${line}\n`;
}

/** A pino destination that writes readable lines to `out` (a line that is not JSON goes through as it is). */
export function readableLogStream(out: Output): { write(chunk: string): void } {
  return {
    write(chunk: string) {
      for (const text of chunk.split('\n')) {
        if (text.trim() === '') continue;
        let record: unknown;
        try {
          record = JSON.parse(text);
        } catch {
          out.write(`${text}\n`);
          continue;
        }
        out.write(
          typeof record === 'object' && record !== null
            ? readableLine(record as Record<string, unknown>)
            : `${text}\n`,
        );
      }
    },
  };
}
