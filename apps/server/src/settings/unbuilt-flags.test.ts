import { flagsReadAsOff } from '@smm/domain';
import { describe, expect, it } from 'vitest';
import { bearer, createMember, tokenFor } from '../test/factories';
import { testDatabaseKind, useTestApp } from '../test/test-app';
import { UNBUILT_FLAGS } from './unbuilt-flags';

const t = useTestApp();

const publicSettings = async () =>
  new Map(
    (
      (await t.app.inject({ method: 'GET', url: '/service/settings' })).json() as {
        key: string;
        value: string;
      }[]
    ).map((entry) => [entry.key, entry.value]),
  );

describe(`flags read as off until their feature exists, on ${testDatabaseKind}`, () => {
  it('no longer holds ENABLE_TOSS_PAYMENT: the Toss transfer link is built', () => {
    expect(UNBUILT_FLAGS).not.toContain('ENABLE_TOSS_PAYMENT');
  });

  it('tells browsers ENABLE_TOSS_PAYMENT as stored, with the bank code the link needs', async () => {
    await t.app.services.settings.set('BANKING_BANKING_CODE', '004');
    await t.app.services.settings.set('ENABLE_TOSS_PAYMENT', 'true');
    let settings = await publicSettings();
    expect(settings.get('ENABLE_TOSS_PAYMENT')).toBe('true');
    expect(settings.get('BANKING_BANKING_CODE')).toBe('004');
    await t.app.services.settings.set('ENABLE_TOSS_PAYMENT', 'false');
    settings = await publicSettings();
    expect(settings.get('ENABLE_TOSS_PAYMENT')).toBe('false');
  });

  it('refuses an operator’s bank code that is not three digits, keeps a good one', async () => {
    const operator = await createMember(t.app, { role: 'admin' });
    const headers = bearer(await tokenFor(t.app, operator));
    const put = (value: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/admin/api/settings/BANKING_BANKING_CODE',
        headers,
        payload: { value },
      });
    expect((await put('국민은행')).statusCode).toBe(400);
    expect((await put('04')).statusCode).toBe(400);
    expect((await put('088')).statusCode).toBe(200);
    expect((await publicSettings()).get('BANKING_BANKING_CODE')).toBe('088');
  });

  it('still reads a social login as off while its provider is not configured', () => {
    expect(flagsReadAsOff(new Set(['NAVER_CLIENT_SECRET', 'KAKAO_APP_ID']))).toEqual([
      'ENABLE_SNS_NAVER',
      'ENABLE_SNS_KAKAO',
    ]);
    expect(flagsReadAsOff(new Set(['SMTP_HOST', 'DEPOSIT_WEBHOOK_SECRET']))).toEqual([]);
  });
});
