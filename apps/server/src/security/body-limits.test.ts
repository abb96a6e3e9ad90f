import { ORDER_REQUEST_MAX_BYTES, POPUP_IMAGE_MAX_BYTES } from '@smm/domain';
import { describe, expect, it } from 'vitest';
import { bearer, createMember, tokenFor } from '../test/factories';
import { testDatabaseKind, useTestApp } from '../test/test-app';

/**
 * Security, oversized bodies: past the server's bodyLimit (64 KiB, apps/server/src/app.ts) a JSON
 * body is a 413 with the app's Korean `{ message, code }`, before any route or guard reads it; a popup
 * image past its own limit is a 413 too. Never a 500. The three calls that place an order read up to
 * ORDER_REQUEST_MAX_BYTES (a Custom Comments order's comments) and refuse past it the same way.
 */
const t = useTestApp();
const BODY_LIMIT = 64 * 1024;

/** A JSON object of exactly `bytes` bytes. */
function jsonOfSize(bytes: number): string {
  const shell = JSON.stringify({ id: 'member1', password: '' });
  return JSON.stringify({ id: 'member1', password: 'x'.repeat(bytes - shell.length) });
}

describe(`oversized bodies on ${testDatabaseKind}`, () => {
  it('a JSON body one byte over the limit is 413 in Korean JSON; exactly the limit is read', async () => {
    const over = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: jsonOfSize(BODY_LIMIT + 1),
    });
    expect(over.statusCode).toBe(413);
    expect(over.headers['content-type']).toMatch(/^application\/json/);
    const body = over.json<{ message: string; code: string }>();
    expect(body.code).toBe('PAYLOAD_TOO_LARGE');
    expect(body.message).toMatch(/[가-힣]/);
    expect(over.headers['x-content-type-options']).toBe('nosniff');

    const atLimit = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: jsonOfSize(BODY_LIMIT),
    });
    // Read and refused by the login rules (password too long), not by size.
    expect(atLimit.statusCode).not.toBe(413);
    expect(atLimit.statusCode).toBeLessThan(500);
  });

  it('is 413 on member and operator routes too, before the body reaches the handler', async () => {
    const member = await createMember(t.app, { point: 100_000 });
    const operator = await createMember(t.app, { role: 'admin' });
    const huge = JSON.stringify({ content: 'x'.repeat(BODY_LIMIT * 4) });
    const pastOrderLimit = JSON.stringify({ content: 'x'.repeat(ORDER_REQUEST_MAX_BYTES) });
    for (const [url, token, payload] of [
      ['/service/order', await tokenFor(t.app, member), pastOrderLimit],
      ['/service/point', await tokenFor(t.app, member), huge],
      ['/admin/api/notices', await tokenFor(t.app, operator), huge],
    ] as const) {
      const response = await t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json', ...bearer(token) },
        payload,
      });
      expect(response.statusCode, url).toBe(413);
      expect(response.json<{ code: string }>().code, url).toBe('PAYLOAD_TOO_LARGE');
    }
    // Nothing was written.
    const notices = await t.app.inject({ method: 'GET', url: '/service/notices' });
    expect(notices.body).not.toContain('xxxxxxxx');
  });

  it('a body larger than its Content-Length says is refused, not a 500', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      headers: { 'content-type': 'application/json', 'content-length': '10' },
      payload: jsonOfSize(200),
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
  });

  it('SMM API v2: an oversized form body is its usual "Incorrect request" (HTTP 200), never a 500', async () => {
    const member = await createMember(t.app, { apiKey: true });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v2',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `key=${member.apiKey!}&action=balance&pad=${'x'.repeat(ORDER_REQUEST_MAX_BYTES)}`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ error: 'Incorrect request' });
  });

  it('a popup image over its limit is 413 in Korean', async () => {
    const operator = await createMember(t.app, { role: 'admin' });
    const boundary = '----security-suite';
    const png = Buffer.from('89504e470d0a1a0a', 'hex');
    const image = Buffer.concat([png, Buffer.alloc(POPUP_IMAGE_MAX_BYTES + 1 - png.length)]);
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\n` +
          'Content-Type: image/png\r\n\r\n',
      ),
      image,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const response = await t.app.inject({
      method: 'POST',
      url: '/admin/api/popups',
      headers: {
        ...bearer(await tokenFor(t.app, operator)),
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload,
    });
    expect(response.statusCode).toBe(413);
    expect(response.json<{ code: string; message: string }>()).toMatchObject({ code: 'FILE_TOO_LARGE' });
    expect(response.json<{ message: string }>().message).toMatch(/[가-힣]/);
  });
});
