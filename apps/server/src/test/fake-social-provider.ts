import { randomBytes } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * A local stand-in for Naver Login and Kakao Login, speaking the endpoints the panel calls (and the
 * authorize page the member's popup opens), so the server tests and the e2e suite run the real flows
 * without the internet. Plain ESM TypeScript with no test-runner imports: vitest, Playwright and tsx
 * can all load it.
 *
 *   Naver  GET {naverAuthUrl}/oauth2.0/authorize  → 302 to redirect_uri?code=…&state=… (as the signed-in user)
 *          GET {naverAuthUrl}/oauth2.0/token      → { access_token, … } | { error, error_description }
 *          GET {naverApiUrl}/v1/nid/me            → { resultcode: '00', response: { id, email, mobile } } | 401
 *   Kakao  GET {kakaoApiUrl}/v1/user/access_token_info → { id, expires_in, app_id } | 401
 *          GET {kakaoApiUrl}/v2/user/me           → { id, kakao_account: { email, … } } | 401
 *
 * Codes are single-use and bound to the client id and state they were issued with; tokens last until
 * `reset()`. `setMode` makes every provider endpoint refuse (`refuse`: Naver's `{ error }`, 401s), drop
 * the connection (`down`) or never answer (`hang`).
 *
 * From another process (the e2e suite), start it with
 *   npx tsx apps/server/src/test/fake-social-provider.ts --port 4610
 * and drive it over HTTP: POST /_fake/naver/users {id, email?, mobile?}; POST /_fake/naver/sign-in {id};
 * POST /_fake/kakao/users {id, email?} → {accessToken}; POST /_fake/mode {mode}; POST /_fake/reset;
 * GET /_fake/health answers 200 once it listens.
 */

export interface FakeNaverUser {
  id: string;
  email?: string;
  mobile?: string;
}

export interface FakeKakaoUser {
  id: number;
  email?: string;
  /** Kakao's `is_email_verified`; true unless said otherwise. */
  emailVerified?: boolean;
}

export type FakeSocialMode = 'ok' | 'refuse' | 'down' | 'hang';

export interface FakeSocialProviderOptions {
  /** 0 (default): a free port. */
  port?: number;
  host?: string;
  /** The client id and secret Naver knows the panel by. */
  naverClientId?: string;
  naverClientSecret?: string;
  /** The panel's Kakao app: tokens from `addKakaoUser` belong to it. */
  kakaoAppId?: number;
}

export const FAKE_SOCIAL_DEFAULTS = {
  naverClientId: 'fake-naver-client-id',
  naverClientSecret: 'test-naver-secret',
  kakaoAppId: 1000001,
} as const;

export interface FakeSocialProvider {
  readonly port: number;
  /** NAVER_AUTH_URL, NAVER_API_URL and KAKAO_API_URL for the panel. */
  readonly naverAuthUrl: string;
  readonly naverApiUrl: string;
  readonly kakaoApiUrl: string;
  readonly naverClientId: string;
  readonly naverClientSecret: string;
  readonly kakaoAppId: number;
  addNaverUser(user: FakeNaverUser): void;
  /** The Naver user the authorize page signs in (the member in the popup); null: nobody. */
  signInNaverAs(id: string | null): void;
  /** A code as the authorize page would issue it (for tests that skip the popup). */
  issueNaverCode(input: { userId: string; state: string; clientId?: string }): string;
  /** A Kakao user and an access token of the panel's app, as the Kakao SDK would obtain it. */
  addKakaoUser(user: FakeKakaoUser): string;
  /** An access token of the same user, issued to another Kakao app (must be refused). */
  kakaoTokenOfOtherApp(userId: number): string;
  setMode(mode: FakeSocialMode): void;
  /** Calls the provider endpoints received (not /_fake), oldest first. */
  readonly calls: readonly { method: string; path: string }[];
  reset(): void;
  close(): Promise<void>;
}

const token = (prefix: string) => `${prefix}${randomBytes(24).toString('base64url')}`;

export async function startFakeSocialProvider(
  options: FakeSocialProviderOptions = {},
): Promise<FakeSocialProvider> {
  const naverClientId = options.naverClientId ?? FAKE_SOCIAL_DEFAULTS.naverClientId;
  const naverClientSecret = options.naverClientSecret ?? FAKE_SOCIAL_DEFAULTS.naverClientSecret;
  const kakaoAppId = options.kakaoAppId ?? FAKE_SOCIAL_DEFAULTS.kakaoAppId;

  let mode: FakeSocialMode = 'ok';
  let naverSignedIn: string | null = null;
  const naverUsers = new Map<string, FakeNaverUser>();
  const naverCodes = new Map<string, { userId: string; clientId: string; state: string; used: boolean }>();
  const naverTokens = new Map<string, string>();
  const kakaoUsers = new Map<number, FakeKakaoUser>();
  const kakaoTokens = new Map<string, { userId: number; appId: number }>();
  const calls: { method: string; path: string }[] = [];
  const hanging = new Set<FastifyReply>();

  const issueNaverCode: FakeSocialProvider['issueNaverCode'] = ({ userId, state, clientId }) => {
    const code = token('nc_');
    naverCodes.set(code, { userId, state, clientId: clientId ?? naverClientId, used: false });
    return code;
  };
  const kakaoToken = (userId: number, appId: number) => {
    const accessToken = token('kt_');
    kakaoTokens.set(accessToken, { userId, appId });
    return accessToken;
  };
  const reset = () => {
    mode = 'ok';
    naverSignedIn = null;
    naverUsers.clear();
    naverCodes.clear();
    naverTokens.clear();
    kakaoUsers.clear();
    kakaoTokens.clear();
    calls.length = 0;
  };

  const app = Fastify({ logger: false });
  const bearerOf = (request: FastifyRequest) =>
    /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
  const query = (request: FastifyRequest) => request.query as Record<string, string | undefined>;

  // Every provider endpoint first records the call and applies the mode.
  app.addHook('onRequest', async (request, reply) => {
    if (request.url.startsWith('/_fake/')) return;
    calls.push({ method: request.method, path: request.url.split('?')[0] ?? '' });
    if (mode === 'down') {
      reply.hijack();
      request.raw.socket.destroy();
      return reply;
    }
    if (mode === 'hang') {
      reply.hijack();
      hanging.add(reply);
      return reply;
    }
  });

  app.get('/naver-auth/oauth2.0/authorize', async (request, reply) => {
    const q = query(request);
    if (q.response_type !== 'code' || q.client_id !== naverClientId || !q.redirect_uri || !q.state) {
      return reply.status(400).type('text/html').send('<p>잘못된 요청입니다 (fake Naver).</p>');
    }
    const back = new URL(q.redirect_uri);
    if (mode === 'refuse') {
      back.searchParams.set('error', 'access_denied');
      back.searchParams.set('error_description', 'Canceled By User');
    } else {
      if (naverSignedIn === null || !naverUsers.has(naverSignedIn)) {
        return reply
          .status(400)
          .type('text/html')
          .send('<p>로그인한 네이버 사용자가 없습니다 (fake Naver).</p>');
      }
      back.searchParams.set('code', issueNaverCode({ userId: naverSignedIn, state: q.state }));
    }
    back.searchParams.set('state', q.state);
    return reply.redirect(back.toString(), 302);
  });

  app.get('/naver-auth/oauth2.0/token', async (request) => {
    const q = query(request);
    const refused = (description: string) => ({ error: 'invalid_request', error_description: description });
    if (mode === 'refuse') return refused('refused (fake mode)');
    if (q.grant_type !== 'authorization_code') return refused('unsupported grant_type');
    if (q.client_id !== naverClientId || q.client_secret !== naverClientSecret) {
      return { error: 'invalid_client', error_description: 'client authentication failed' };
    }
    const issued = naverCodes.get(q.code ?? '');
    if (!issued || issued.used || issued.clientId !== q.client_id || issued.state !== q.state) {
      return { error: 'invalid_grant', error_description: 'authorization code not found' };
    }
    issued.used = true;
    const accessToken = token('nt_');
    naverTokens.set(accessToken, issued.userId);
    return {
      access_token: accessToken,
      refresh_token: token('nr_'),
      token_type: 'bearer',
      expires_in: '3600',
    };
  });

  app.get('/naver-api/v1/nid/me', async (request, reply) => {
    const user = mode === 'refuse' ? undefined : naverUsers.get(naverTokens.get(bearerOf(request)) ?? '');
    if (!user) return reply.status(401).send({ resultcode: '024', message: 'Authentication failed' });
    return {
      resultcode: '00',
      message: 'success',
      response: {
        id: user.id,
        ...(user.email === undefined ? {} : { email: user.email }),
        ...(user.mobile === undefined ? {} : { mobile: user.mobile }),
      },
    };
  });

  const kakaoCaller = (request: FastifyRequest) => {
    if (mode === 'refuse') return undefined;
    const held = kakaoTokens.get(bearerOf(request));
    const user = held ? kakaoUsers.get(held.userId) : undefined;
    return held && user ? { ...held, user } : undefined;
  };
  const kakaoUnauthorized = (reply: FastifyReply) =>
    reply.status(401).send({ msg: 'this access token does not exist', code: -401 });

  app.get('/kakao-api/v1/user/access_token_info', async (request, reply) => {
    const caller = kakaoCaller(request);
    if (!caller) return kakaoUnauthorized(reply);
    return { id: caller.userId, expires_in: 7199, app_id: caller.appId };
  });

  app.get('/kakao-api/v2/user/me', async (request, reply) => {
    const caller = kakaoCaller(request);
    if (!caller) return kakaoUnauthorized(reply);
    const { user } = caller;
    return {
      id: user.id,
      connected_at: '2026-11-22T09:00:00Z',
      kakao_account:
        user.email === undefined
          ? { has_email: false }
          : {
              has_email: true,
              email_needs_agreement: false,
              is_email_valid: true,
              is_email_verified: user.emailVerified ?? true,
              email: user.email,
            },
    };
  });

  const provider: FakeSocialProvider = {
    port: 0,
    naverAuthUrl: '',
    naverApiUrl: '',
    kakaoApiUrl: '',
    naverClientId,
    naverClientSecret,
    kakaoAppId,
    addNaverUser: (user) => void naverUsers.set(user.id, user),
    signInNaverAs: (id) => void (naverSignedIn = id),
    issueNaverCode,
    addKakaoUser: (user) => {
      kakaoUsers.set(user.id, user);
      return kakaoToken(user.id, kakaoAppId);
    },
    kakaoTokenOfOtherApp: (userId) => kakaoToken(userId, kakaoAppId + 1),
    setMode: (next) => void (mode = next),
    calls,
    reset,
    close: async () => {
      for (const reply of hanging) reply.raw.destroy();
      hanging.clear();
      await app.close();
    },
  };

  // Control endpoints, for a test runner in another process (the e2e suite).
  const body = (request: FastifyRequest) => (request.body ?? {}) as Record<string, unknown>;
  app.post('/_fake/naver/users', async (request) => {
    const b = body(request);
    provider.addNaverUser({
      id: String(b.id),
      ...(typeof b.email === 'string' ? { email: b.email } : {}),
      ...(typeof b.mobile === 'string' ? { mobile: b.mobile } : {}),
    });
    return { ok: true };
  });
  app.post('/_fake/naver/sign-in', async (request) => {
    const id = body(request).id;
    provider.signInNaverAs(typeof id === 'string' ? id : null);
    return { ok: true };
  });
  app.post('/_fake/kakao/users', async (request) => {
    const b = body(request);
    const accessToken = provider.addKakaoUser({
      id: Number(b.id),
      ...(typeof b.email === 'string' ? { email: b.email } : {}),
    });
    return { accessToken };
  });
  app.post('/_fake/mode', async (request, reply) => {
    const next = body(request).mode;
    if (next !== 'ok' && next !== 'refuse' && next !== 'down' && next !== 'hang') {
      return reply.status(400).send({ error: 'mode must be ok, refuse, down or hang' });
    }
    provider.setMode(next);
    return { ok: true };
  });
  // Readiness probe (Playwright's webServer `url`).
  app.get('/_fake/health', async () => ({ ok: true }));
  app.post('/_fake/reset', async () => {
    reset();
    return { ok: true };
  });

  const host = options.host ?? '127.0.0.1';
  await app.listen({ port: options.port ?? 0, host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const origin = `http://${host}:${port}`;
  return Object.assign(provider, {
    port,
    naverAuthUrl: `${origin}/naver-auth`,
    naverApiUrl: `${origin}/naver-api`,
    kakaoApiUrl: `${origin}/kakao-api`,
  });
}

/** `npx tsx apps/server/src/test/fake-social-provider.ts [--port N] [--naver-client-id ID] …` */
async function main(argv: string[]): Promise<void> {
  const arg = (name: string) => {
    const index = argv.indexOf(`--${name}`);
    return index === -1 ? undefined : argv[index + 1];
  };
  const fake = await startFakeSocialProvider({
    port: Number(arg('port') ?? 0),
    ...(arg('naver-client-id') ? { naverClientId: arg('naver-client-id') } : {}),
    ...(arg('naver-client-secret') ? { naverClientSecret: arg('naver-client-secret') } : {}),
    ...(arg('kakao-app-id') ? { kakaoAppId: Number(arg('kakao-app-id')) } : {}),
  });
  console.log(
    JSON.stringify({
      NAVER_AUTH_URL: fake.naverAuthUrl,
      NAVER_API_URL: fake.naverApiUrl,
      KAKAO_API_URL: fake.kakaoApiUrl,
      NAVER_CLIENT_SECRET: fake.naverClientSecret,
      KAKAO_APP_ID: String(fake.kakaoAppId),
      SNS_NAVER_CLIENT_ID: fake.naverClientId,
    }),
  );
  const stop = () => void fake.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

// Run as a script (not when imported): no top-level await, so any loader can import this module.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
