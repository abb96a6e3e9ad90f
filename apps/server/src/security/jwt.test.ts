import { SignJWT, UnsecuredJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { bearer, createMember, tokenFor, type TestMember } from '../test/factories';
import { testConfig, testDatabaseKind, useTestApp } from '../test/test-app';

/**
 * Security, tokens: every kind of bad JWT is the same 401 on member routes (and never a 500, never
 * a 200). Each is checked on a read and a write, so a route that forgot its guard shows up too.
 */
const t = useTestApp();

const SECRET = new TextEncoder().encode(testConfig().jwtSecret);
const OTHER_SECRET = new TextEncoder().encode('another-secret-another-secret-0123456');

const nowSeconds = () => Math.floor(t.clock.now().getTime() / 1000);

function signed(
  claims: { sub: string; role?: string; exp?: number; iat?: number },
  key: Uint8Array = SECRET,
  alg = 'HS256',
) {
  const jwt = new SignJWT({ role: claims.role ?? 'member' })
    .setProtectedHeader({ alg, typ: 'JWT' })
    .setSubject(claims.sub)
    .setIssuer('smm-panel')
    .setIssuedAt(claims.iat ?? nowSeconds())
    .setExpirationTime(claims.exp ?? nowSeconds() + 600);
  return jwt.sign(key);
}

const b64url = (value: object | string) =>
  Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');

/** Member routes a token opens: one read, one write that would move money if it got through. */
function memberCalls(token: string) {
  const headers = bearer(token);
  return [
    t.app.inject({ method: 'GET', url: '/auth/profile', headers }),
    t.app.inject({
      method: 'POST',
      url: '/service/point',
      headers,
      payload: { name: '홍길동', point: 10_000, feeType: 2 },
    }),
    t.app.inject({ method: 'GET', url: '/service/order-history', headers }),
  ];
}

async function expectRefused(token: string, label: string) {
  for (const response of await Promise.all(memberCalls(token))) {
    expect(response.statusCode, `${label}: ${response.body}`).toBe(401);
    expect(response.json<{ code: string }>().code, label).toMatch(/^TOKEN_/);
    expect(response.json<{ message: string }>().message, label).toMatch(/[가-힣]/);
  }
}

describe(`JWTs on member routes, ${testDatabaseKind}`, () => {
  let member: TestMember;

  it('the genuine token works (the baseline of every refusal below)', async () => {
    member = await createMember(t.app);
    for (const response of await Promise.all(memberCalls(await tokenFor(t.app, member)))) {
      expect(response.statusCode).toBe(200);
    }
  });

  it('a forged signature (payload changed after signing, or the signature swapped) is 401', async () => {
    member = await createMember(t.app);
    const other = await createMember(t.app);
    const genuine = await tokenFor(t.app, member);
    const [header, , signature] = genuine.split('.');
    // Claim to be another account with the signature of the first.
    const payload = {
      role: 'admin',
      sub: String(other.accountId),
      iss: 'smm-panel',
      iat: nowSeconds(),
      exp: nowSeconds() + 600,
    };
    await expectRefused(`${header}.${b64url(payload)}.${signature}`, 'payload swapped');
    // A flipped character in the signature.
    const flipped = signature!.startsWith('A') ? `B${signature!.slice(1)}` : `A${signature!.slice(1)}`;
    await expectRefused(`${header}.${genuine.split('.')[1]}.${flipped}`, 'signature flipped');
    await expectRefused(`${header}.${genuine.split('.')[1]}.`, 'signature removed');
  });

  it('an expired token (exp passed on the injected clock) is 401, even one that worked before', async () => {
    member = await createMember(t.app);
    const token = await tokenFor(t.app, member);
    // Used once: the token service remembers verified tokens, which must not outlive their exp.
    expect(
      (await t.app.inject({ method: 'GET', url: '/auth/profile', headers: bearer(token) })).statusCode,
    ).toBe(200);
    t.clock.advance((testConfig().jwtTtlSeconds + 1) * 1000);
    await expectRefused(token, 'expired by the clock');
    await expectRefused(
      await signed({ sub: String(member.accountId), iat: nowSeconds() - 7200, exp: nowSeconds() - 3600 }),
      'exp an hour ago',
    );
  });

  it('alg: none, and other algorithms than HS256, are 401', async () => {
    member = await createMember(t.app);
    const unsecured = new UnsecuredJWT({ role: 'member' })
      .setSubject(String(member.accountId))
      .setIssuer('smm-panel')
      .setIssuedAt(nowSeconds())
      .setExpirationTime(nowSeconds() + 600)
      .encode();
    await expectRefused(unsecured, 'alg none (jose)');
    const claims = {
      role: 'member',
      sub: String(member.accountId),
      iss: 'smm-panel',
      iat: nowSeconds(),
      exp: nowSeconds() + 600,
    };
    for (const alg of ['none', 'None', 'NONE', 'nOnE']) {
      await expectRefused(`${b64url({ alg, typ: 'JWT' })}.${b64url(claims)}.`, `alg ${alg}`);
    }
    // HS512 with the right secret: still not the one algorithm we issue.
    await expectRefused(await signed({ sub: String(member.accountId) }, SECRET, 'HS512'), 'HS512');
  });

  it('a token signed with another secret is 401', async () => {
    member = await createMember(t.app);
    await expectRefused(await signed({ sub: String(member.accountId) }, OTHER_SECRET), 'other secret');
  });

  it('a token of a deleted account is 401, the one it was issued for included', async () => {
    member = await createMember(t.app);
    const token = await tokenFor(t.app, member);
    const deleted = await t.app.inject({ method: 'DELETE', url: '/auth/account', headers: bearer(token) });
    expect(deleted.statusCode).toBe(200);
    await expectRefused(token, 'deleted account, old token');
    await expectRefused(await signed({ sub: String(member.accountId) }), 'deleted account, fresh token');
    // An account id that never existed.
    await expectRefused(await signed({ sub: '999999' }), 'no such account');
  });

  it('a non-numeric or out-of-range subject is 401, never a 500', async () => {
    for (const sub of [
      'abc',
      "1' OR '1'='1",
      '1;DROP TABLE accounts',
      '',
      'NaN',
      '-1',
      '1.5',
      '9'.repeat(30),
    ]) {
      await expectRefused(await signed({ sub }), `sub ${JSON.stringify(sub)}`);
    }
  });

  it('garbage in the Authorization header is 401, never a 500', async () => {
    for (const token of [
      'x',
      'a.b.c',
      `${b64url('{')}.${b64url('{')}.x`,
      '.'.repeat(3),
      'é.é.é',
      'A'.repeat(8000),
    ]) {
      await expectRefused(token, `garbage ${token.slice(0, 20)}`);
    }
  });
});
