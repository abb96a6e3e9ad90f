import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';

/**
 * A local stand-in for the Telegram Bot API's sendMessage (docs/ARCHITECTURE.md#operator-notifications),
 * so the server tests and the demo send operator notifications without the internet. Plain ESM
 * TypeScript with no test-runner imports.
 *
 *   POST /bot{token}/sendMessage {chat_id, text} → { ok: true, result: { message_id } }
 *     mode 'fail': HTTP 500 { ok: false, description }; 'refuse': HTTP 200 { ok: false, … };
 *     'hang': never answers. A token other than `token` (when given) is 401 { ok: false }.
 *
 * From another process (the demo), start it with
 *   npx tsx apps/server/src/test/fake-telegram.ts --port 4620 --token 123456:fake-token-for-the-demo-0000
 * then read what was sent with GET /_fake/messages; POST /_fake/mode {mode} changes how it answers.
 */
export type FakeTelegramMode = 'ok' | 'fail' | 'refuse' | 'hang';

export interface FakeTelegramRequest {
  method: string;
  path: string;
  body: Record<string, unknown>;
}

export interface FakeTelegram {
  url: string;
  requests: FakeTelegramRequest[];
  setMode(mode: FakeTelegramMode): void;
  close(): Promise<void>;
}

async function bodyOf(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startFakeTelegram(
  options: { port?: number; host?: string; token?: string } = {},
): Promise<FakeTelegram> {
  const requests: FakeTelegramRequest[] = [];
  let mode: FakeTelegramMode = 'ok';
  const hanging = new Set<() => void>();
  const server: Server = createServer((request, response) => {
    void (async () => {
      const text = await bodyOf(request);
      const path = request.url ?? '/';
      const json = (status: number, body: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      };
      if (path === '/_fake/messages' && request.method === 'GET') return json(200, requests);
      if (path === '/_fake/mode' && request.method === 'POST') {
        mode = (JSON.parse(text) as { mode: FakeTelegramMode }).mode;
        return json(200, { mode });
      }
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(text) as Record<string, unknown>;
      } catch {
        body = {};
      }
      requests.push({ method: request.method ?? '', path, body });
      const match = /^\/bot([^/]+)\/sendMessage$/.exec(path);
      if (!match || request.method !== 'POST') return json(404, { ok: false, description: 'Not Found' });
      if (options.token && match[1] !== options.token)
        return json(401, { ok: false, error_code: 401, description: 'Unauthorized' });
      if (mode === 'hang') {
        hanging.add(() => response.destroy());
        return;
      }
      if (mode === 'fail') return json(500, { ok: false, description: 'Internal Server Error' });
      if (mode === 'refuse') return json(200, { ok: false, description: 'Bad Request: chat not found' });
      return json(200, { ok: true, result: { message_id: requests.length } });
    })();
  });
  await new Promise<void>((resolve) =>
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve),
  );
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    setMode: (next) => {
      mode = next;
    },
    close: async () => {
      for (const end of hanging) end();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const arg = (name: string) => {
    const index = process.argv.indexOf(name);
    return index >= 0 ? process.argv[index + 1] : undefined;
  };
  const fake = await startFakeTelegram({ port: Number(arg('--port') ?? 4620), token: arg('--token') });
  console.log(`fake Telegram Bot API on ${fake.url}`);
}
