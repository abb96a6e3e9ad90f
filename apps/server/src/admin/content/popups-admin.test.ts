import { mkdtempSync } from 'node:fs';
import { readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CONTENT_MESSAGES, POPUP_IMAGE_MAX_BYTES } from '@smm/domain';
import type { AdminPopup, AuditLogResponse, Popup } from '@smm/domain/contract';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { bearer, createMember, tokenFor } from '../../test/factories';
import { testDatabaseKind, useTestApp } from '../../test/test-app';

const dataDir = mkdtempSync(join(tmpdir(), 'smm-popups-'));
const uploadsDir = join(dataDir, 'uploads');
const t = useTestApp({ dataDir });
afterAll(() => rm(dataDir, { recursive: true, force: true }));

let operatorToken = '';
beforeEach(async () => {
  await rm(uploadsDir, { recursive: true, force: true });
  operatorToken = await tokenFor(t.app, await createMember(t.app, { role: 'admin' }));
});

/** A real 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
/** A real 1×1 GIF. */
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const JPEG_HEAD = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]);
const WEBP = Buffer.concat([
  Buffer.from('RIFF'),
  Buffer.from([26, 0, 0, 0]),
  Buffer.from('WEBPVP8L'),
  Buffer.alloc(18, 1),
]);

interface Part {
  field: string;
  bytes?: Uint8Array;
  filename?: string;
  type?: string;
  value?: string;
}

/** A real multipart body, as a browser's FormData would send it (bytes and the boundary's type). */
async function multipart(parts: Part[]) {
  const form = new FormData();
  for (const part of parts) {
    if (part.bytes) form.append(part.field, new Blob([part.bytes], { type: part.type ?? '' }), part.filename);
    else form.append(part.field, part.value ?? '');
  }
  const encoded = new Response(form);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type')! },
  };
}

async function upload(parts: Part[], token = operatorToken) {
  const body = await multipart(parts);
  return t.app.inject({
    method: 'POST',
    url: '/admin/api/popups',
    payload: body.payload,
    headers: { ...body.headers, ...bearer(token) },
  });
}
const image = (bytes: Uint8Array, filename = 'popup.png', type = 'image/png'): Part => ({
  field: 'image',
  bytes,
  filename,
  type,
});

const asOperator = (method: 'GET' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(operatorToken), ...(payload ? { payload } : {}) });
const memberPopups = async () =>
  (await t.app.inject({ method: 'GET', url: '/service/popup' })).json() as Popup[];
const storedFiles = () => readdir(uploadsDir).catch(() => [] as string[]);
const audit = async (action: string) =>
  ((await asOperator('GET', `/admin/api/audit-log?action=${action}`)).json() as AuditLogResponse).items;

describe(`operator popups with image upload on ${testDatabaseKind}`, () => {
  it('stores a PNG under a random name, members get it at once, and it is served back byte-identical', async () => {
    await memberPopups(); // warm the members' cache
    const response = await upload([image(PNG)]);
    expect(response.statusCode).toBe(200);
    const { popup, changed } = response.json() as { popup: AdminPopup; changed: boolean };
    expect(changed).toBe(true);
    expect(popup.enabled).toBe(true);
    expect(popup.imageUrl).toMatch(/^\/uploads\/[a-f0-9]{32}\.png$/);

    expect(await memberPopups()).toContainEqual({ id: popup.id, enabled: true, imageUrl: popup.imageUrl });
    const name = popup.imageUrl.slice('/uploads/'.length);
    expect(await storedFiles()).toEqual([name]);

    const served = await t.app.inject({ method: 'GET', url: popup.imageUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toContain('immutable');
    expect(Buffer.compare(served.rawPayload, PNG)).toBe(0);

    const [entry] = await audit('popup.create');
    expect(entry).toMatchObject({ targetType: 'popup', targetId: String(popup.id), before: null });
    expect(entry?.after).toMatchObject({
      imageUrl: popup.imageUrl,
      contentType: 'image/png',
      bytes: PNG.length,
    });
  });

  it('trusts the bytes, not the name or stated type: a PNG sent as notes.txt (text/plain) is a PNG', async () => {
    const response = await upload([image(PNG, 'notes.txt', 'text/plain')]);
    expect(response.statusCode).toBe(200);
    const { popup } = response.json() as { popup: AdminPopup };
    expect(popup.imageUrl).toMatch(/\.png$/);
    const served = await t.app.inject({ method: 'GET', url: popup.imageUrl });
    expect(served.headers['content-type']).toBe('image/png');
  });

  it('accepts GIF, JPEG and WebP under their own extension and content type', async () => {
    const cases: [Buffer, string, string][] = [
      [GIF, 'gif', 'image/gif'],
      [JPEG_HEAD, 'jpg', 'image/jpeg'],
      [WEBP, 'webp', 'image/webp'],
    ];
    for (const [bytes, ext, type] of cases) {
      const response = await upload([image(bytes, 'whatever.png', 'image/png')]);
      expect(response.statusCode, ext).toBe(200);
      const { popup } = response.json() as { popup: AdminPopup };
      expect(popup.imageUrl.endsWith(`.${ext}`)).toBe(true);
      const served = await t.app.inject({ method: 'GET', url: popup.imageUrl });
      expect(served.headers['content-type']).toBe(type);
      expect(Buffer.compare(served.rawPayload, bytes)).toBe(0);
    }
  });

  it('refuses an HTML file named x.png, text behind a PNG signature, and an empty file; stores nothing', async () => {
    const html = Buffer.from('<!doctype html><script>alert(1)</script>');
    const disguised = Buffer.concat([
      PNG.subarray(0, 8),
      Buffer.from('<html><script>alert(1)</script></html>'),
    ]);
    for (const part of [image(html, 'x.png', 'image/png'), image(disguised, 'y.png', 'image/png')]) {
      const response = await upload([part]);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: CONTENT_MESSAGES.IMAGE_TYPE, code: 'CONTENT_INVALID' });
    }
    const empty = await upload([image(Buffer.alloc(0))]);
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ message: CONTENT_MESSAGES.IMAGE_REQUIRED });
    const none = await upload([{ field: 'enabled', value: 'true' }]);
    expect(none.json()).toMatchObject({ message: CONTENT_MESSAGES.IMAGE_REQUIRED });
    const json = await t.app.inject({
      method: 'POST',
      url: '/admin/api/popups',
      payload: { imageUrl: '/etc/passwd' },
      headers: bearer(operatorToken),
    });
    expect(json.statusCode).toBe(400);
    expect(await storedFiles()).toEqual([]);
    expect(await audit('popup.create')).toEqual([]);
  });

  it('answers an image over the limit with 413 in Korean; exactly the limit is accepted', async () => {
    const over = Buffer.concat([PNG, Buffer.alloc(POPUP_IMAGE_MAX_BYTES + 1 - PNG.length)]);
    const response = await upload([image(over)]);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: CONTENT_MESSAGES.IMAGE_TOO_LARGE, code: 'FILE_TOO_LARGE' });
    expect(await storedFiles()).toEqual([]);

    const exact = Buffer.concat([PNG, Buffer.alloc(POPUP_IMAGE_MAX_BYTES - PNG.length)]);
    expect((await upload([image(exact)])).statusCode).toBe(200);
  });

  it('takes one image at a time and refuses a malformed enabled field', async () => {
    const two = await upload([image(PNG), image(GIF, 'b.gif', 'image/gif')]);
    expect(two.statusCode).toBe(400);
    expect(two.json()).toMatchObject({ message: CONTENT_MESSAGES.IMAGE_ONE });
    const badFlag = await upload([{ field: 'enabled', value: 'maybe' }, image(PNG)]);
    expect(badFlag.statusCode).toBe(400);
    expect(badFlag.json()).toMatchObject({ message: CONTENT_MESSAGES.ENABLED_INVALID });
    expect(await storedFiles()).toEqual([]);
  });

  it('uploads hidden, then shows and hides it for members; a repeated switch changes nothing', async () => {
    const created = await upload([image(PNG), { field: 'enabled', value: 'false' }]);
    const { popup } = created.json() as { popup: AdminPopup };
    expect(popup.enabled).toBe(false);
    expect((await memberPopups()).map((p) => p.id)).not.toContain(popup.id);
    expect((await asOperator('GET', '/admin/api/popups')).json()).toContainEqual(popup);

    const url = `/admin/api/popups/${popup.id}`;
    const [a, b] = await Promise.all([
      asOperator('PATCH', url, { enabled: true }),
      asOperator('PATCH', url, { enabled: true }),
    ]);
    expect([a.json().changed, b.json().changed].sort()).toEqual([false, true]);
    expect((await memberPopups()).map((p) => p.id)).toContain(popup.id);
    expect(await audit('popup.update')).toHaveLength(1);

    expect((await asOperator('PATCH', url, { enabled: false })).json()).toMatchObject({ changed: true });
    expect((await memberPopups()).map((p) => p.id)).not.toContain(popup.id);
    expect((await asOperator('PATCH', '/admin/api/popups/999999', { enabled: true })).statusCode).toBe(404);
    expect((await asOperator('PATCH', url, { enabled: 'yes' })).statusCode).toBe(400);
  });

  it('deletes the row and the file once, even raced; members stop seeing it at once', async () => {
    const { popup } = (await upload([image(PNG)])).json() as { popup: AdminPopup };
    expect(await memberPopups()).toContainEqual(expect.objectContaining({ id: popup.id }));
    const url = `/admin/api/popups/${popup.id}`;
    const answers = await Promise.all([asOperator('DELETE', url), asOperator('DELETE', url)]);
    expect(answers.map((r) => r.json().changed).sort()).toEqual([false, true]);
    expect(await storedFiles()).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: popup.imageUrl })).statusCode).toBe(404);
    expect((await memberPopups()).map((p) => p.id)).not.toContain(popup.id);
    expect(await audit('popup.delete')).toHaveLength(1);
  });

  it('keeps a demo popup whose image is not an upload when deleting it', async () => {
    const [demo] = await memberPopups();
    expect(demo?.imageUrl.startsWith('/uploads/')).toBe(false);
    expect((await asOperator('DELETE', `/admin/api/popups/${demo!.id}`)).json()).toEqual({ changed: true });
  });

  it('serves only names of its own form: anything else is 404', async () => {
    const { popup } = (await upload([image(PNG)])).json() as { popup: AdminPopup };
    const name = popup.imageUrl.slice('/uploads/'.length);
    const urls = [
      `/uploads/${name.toUpperCase()}`,
      `/uploads/${name.replace('.png', '.html')}`,
      `/uploads/${'0'.repeat(32)}.png`,
      '/uploads/..%2F..%2Fetc%2Fpasswd',
      `/uploads/${name}%00.png`,
      `/uploads/x${name}`,
    ];
    for (const url of urls) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
    }
  });

  it('is for operators only', async () => {
    const member = await createMember(t.app);
    expect((await upload([image(PNG)], await tokenFor(t.app, member))).statusCode).toBe(403);
    expect((await upload([image(PNG)], '')).statusCode).toBe(401);
    expect(await storedFiles()).toEqual([]);
  });
});
