import type { SettingConfigStatus } from '@smm/domain/contract';
import { flagsReadAsOff } from '@smm/domain';
import { describe, expect, it } from 'vitest';
import { missingServerVariables } from '../../settings/unbuilt-flags';
import { bearer, createMember, tokenFor } from '../../test/factories';
import { testConfig, testDatabaseKind, useTestApp } from '../../test/test-app';

// A server started without Naver's secret, Kakao's app id and the deposit webhooks' secret.
const t = useTestApp({
  social: {
    naverAuthUrl: 'http://127.0.0.1:9/naver-auth',
    naverApiUrl: 'http://127.0.0.1:9/naver-api',
    kakaoApiUrl: 'http://127.0.0.1:9/kakao-api',
  },
  charges: { maxWon: 5_000_000, maxPending: 3 },
});

const publicValue = async (key: string) =>
  (
    (await t.app.inject({ method: 'GET', url: '/service/settings' })).json() as {
      key: string;
      value: string;
    }[]
  ).find((entry) => entry.key === key)?.value;

describe(`settings that need server configuration this server lacks, on ${testDatabaseKind}`, () => {
  it('are named with the variables they miss, and an operator turning one on changes nothing for members', async () => {
    const operator = await createMember(t.app, { role: 'admin' });
    const headers = bearer(await tokenFor(t.app, operator));
    const status = (
      await t.app.inject({ method: 'GET', url: '/admin/api/settings/config-status', headers })
    ).json() as SettingConfigStatus[];
    const missing = new Map(status.map((s) => [s.key, s.missing]));
    expect(missing.get('ENABLE_SNS_NAVER')).toEqual(['NAVER_CLIENT_SECRET']);
    expect(missing.get('ENABLE_SNS_KAKAO')).toEqual(['KAKAO_APP_ID']);
    expect(missing.get('BANKING_ACCOUNT_NUMBER')).toEqual(['DEPOSIT_WEBHOOK_SECRET']);

    // The switch saves (the operator may be configuring the server next), but members still see it off:
    // exactly what the console's 적용 안 됨 says.
    for (const key of ['ENABLE_SNS_NAVER', 'ENABLE_SNS_KAKAO']) {
      const put = await t.app.inject({
        method: 'PUT',
        url: `/admin/api/settings/${key}`,
        headers,
        payload: { value: 'true' },
      });
      expect(put.statusCode, key).toBe(200);
      expect(await publicValue(key), key).toBe('false');
    }
  });
});

describe('which server variables are missing', () => {
  it('follows the configuration: a configured transport or secret is no longer named', () => {
    const bare = testConfig({
      social: { naverAuthUrl: 'x', naverApiUrl: 'x', kakaoApiUrl: 'x' },
      charges: { maxWon: 1000, maxPending: 1 },
    });
    expect([...missingServerVariables(bare)].sort()).toEqual([
      'DEPOSIT_WEBHOOK_SECRET',
      'KAKAO_APP_ID',
      'NAVER_CLIENT_SECRET',
      'SMS_WEBHOOK_SECRET',
      'SMS_WEBHOOK_URL',
      'SMTP_FROM',
      'SMTP_HOST',
    ]);
    expect(flagsReadAsOff(missingServerVariables(bare))).toEqual(['ENABLE_SNS_NAVER', 'ENABLE_SNS_KAKAO']);

    const full = testConfig({
      messaging: {
        outboxDir: '/nonexistent',
        smtp: { host: 'smtp.test', port: 587, secure: false, from: 'site@panel.test' },
        smsWebhook: { url: 'https://sms.test/send', secret: 'sms-secret-0123456789' },
      },
    });
    expect([...missingServerVariables(full)]).toEqual([]);
    expect(flagsReadAsOff(missingServerVariables(full))).toEqual([]);
  });
});
