/**
 * Just enough of a MIME reader for the tests to check what an SMTP server received: headers
 * (unfolded, RFC 2047 words decoded) and the text parts of a multipart message, transfer-decoded.
 */
export interface MimePart {
  headers: Map<string, string>;
  body: string;
}

export interface ParsedMail extends MimePart {
  parts: MimePart[];
}

function decodeWords(value: string): string {
  // Whitespace between two encoded words is not part of the text (RFC 2047 §6.2).
  const joined = value.replace(/(=\?[^?]+\?[BbQq]\?[^?]*\?=)\s+(?==\?)/g, '$1');
  return joined.replace(
    /=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g,
    (_match, _charset, encoding: string, text: string) => {
      if (encoding.toUpperCase() === 'B') return Buffer.from(text, 'base64').toString('utf8');
      const bytes = text.replace(/_/g, ' ').replace(/=([0-9A-Fa-f]{2})/g, (_m, hex: string) => `%${hex}`);
      return decodeURIComponent(bytes);
    },
  );
}

function splitHeaders(raw: string): MimePart {
  const index = raw.indexOf('\r\n\r\n');
  const head = index === -1 ? raw : raw.slice(0, index);
  const body = index === -1 ? '' : raw.slice(index + 4);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers.set(line.slice(0, colon).trim().toLowerCase(), decodeWords(line.slice(colon + 1).trim()));
  }
  return { headers, body };
}

function decodeBody(part: MimePart): string {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const soft = part.body.replace(/=\r\n/g, '');
    const bytes: number[] = [];
    for (let i = 0; i < soft.length; i += 1) {
      const hex = soft.slice(i + 1, i + 3);
      if (soft[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
        bytes.push(parseInt(hex, 16));
        i += 2;
      } else {
        bytes.push(...Buffer.from(soft[i] ?? '', 'utf8'));
      }
    }
    return Buffer.from(bytes).toString('utf8');
  }
  return part.body;
}

export function parseMail(raw: string): ParsedMail {
  const top = splitHeaders(raw);
  const boundary = /boundary="?([^";]+)"?/i.exec(top.headers.get('content-type') ?? '')?.[1];
  if (!boundary) return { ...top, body: decodeBody(top), parts: [] };
  const parts = top.body
    .split(`--${boundary}`)
    .slice(1, -1)
    .map((chunk) => splitHeaders(chunk.replace(/^\r\n/, '').replace(/\r\n$/, '')))
    .map((part) => ({ headers: part.headers, body: decodeBody(part) }));
  return { ...top, parts };
}

/** The part whose Content-Type starts with `type` (text/plain, text/html). */
export function partOf(mail: ParsedMail, type: string): MimePart | undefined {
  return mail.parts.find((part) => (part.headers.get('content-type') ?? '').startsWith(type));
}
