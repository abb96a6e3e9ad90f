import type { AdminSetting, AuditLogResponse, SettingConfigStatus } from '@smm/domain/contract';
import { CONSOLE_SETTING_KEYS, SETTING_MESSAGES } from '@smm/domain';
import { describe, expect, it } from 'vitest';
import { bearer, createMember, tokenFor, type TestMember } from '../../test/factories';
import { TEST_DEPOSIT_SECRET, testDatabaseKind, useTestApp } from '../../test/test-app';

const t = useTestApp();

async function call(caller: TestMember | null, method: 'GET' | 'PUT', url: string, payload?: object) {
  return t.app.inject({
    method,
    url,
    headers: caller ? bearer(await tokenFor(t.app, caller)) : {},
    ...(payload ? { payload } : {}),
  });
}

const publicValue = async (key: string) =>
  (
    (await t.app.inject({ method: 'GET', url: '/service/settings' })).json() as {
      key: string;
      value: string;
    }[]
  ).find((entry) => entry.key === key)?.value;

describe(`operator settings API on ${testDatabaseKind}`, () => {
  it('is for operators only: no token 401, a member 403', async () => {
    const member = await createMember(t.app);
    expect((await call(null, 'GET', '/admin/api/settings')).statusCode).toBe(401);
    expect((await call(member, 'GET', '/admin/api/settings')).statusCode).toBe(403);
    expect((await call(null, 'PUT', '/admin/api/settings/ENABLE_QNA', { value: 'false' })).statusCode).toBe(
      401,
    );
    expect((await call(member, 'PUT', '/admin/api/settings/ENABLE_QNA', { value: 'false' })).statusCode).toBe(
      403,
    );
    expect(await publicValue('ENABLE_QNA')).toBe('true');
  });

  it('lists every setting with the kind of value it holds', async () => {
    const operator = await createMember(t.app, { role: 'admin' });
    const list = (await call(operator, 'GET', '/admin/api/settings')).json() as AdminSetting[];
    expect(list.map((s) => s.key)).toEqual([...CONSOLE_SETTING_KEYS]);
    expect(list.find((s) => s.key === 'ENABLE_QNA')).toMatchObject({ kind: 'flag', value: 'true' });
    expect(list.find((s) => s.key === 'SITE_MAIN_COLOR')).toMatchObject({ kind: 'color' });
    expect(list.find((s) => s.key === 'POINT_CHARGE_BUTTON_OPTIONS')).toMatchObject({ kind: 'numberList' });
    expect(list.find((s) => s.key === 'ENABLE_PAYMENT_TYPE')).toMatchObject({
      kind: 'enum',
      choices: ['ALL', 'CASH_AND_FEE', 'FEE', 'CASH', 'NO_FEE'],
    });
  });

  it('changes a value: members see it at once, the audit log holds before and after, a repeat changes nothing', async () => {
    const operator = await createMember(t.app, { role: 'admin' });
    const put = (value: string) => call(operator, 'PUT', '/admin/api/settings/SITE_MAIN_COLOR', { value });
    const first = await put('#0ea5e9');
    expect(first.json()).toEqual({ key: 'SITE_MAIN_COLOR', value: '#0ea5e9', changed: true });
    expect(await publicValue('SITE_MAIN_COLOR')).toBe('#0ea5e9');
    expect((await put('#0ea5e9')).json()).toMatchObject({ changed: false });
    const log = (
      await t.app.inject({
        method: 'GET',
        url: '/admin/api/audit-log?action=setting.update',
        headers: bearer(await tokenFor(t.app, operator)),
      })
    ).json() as AuditLogResponse;
    expect(log.items).toHaveLength(1);
    expect(log.items[0]).toMatchObject({
      action: 'setting.update',
      targetType: 'setting',
      targetId: 'SITE_MAIN_COLOR',
      before: { value: '#4f46e5' },
      after: { value: '#0ea5e9' },
    });
  });

  it('refuses values the site cannot use, with the reason in Korean, and keeps the old one', async () => {
    const operator = await createMember(t.app, { role: 'admin' });
    const cases: [string, string, string][] = [
      ['ENABLE_QNA', 'yes', SETTING_MESSAGES.FLAG],
      ['SITE_MAIN_COLOR', 'blue', SETTING_MESSAGES.COLOR],
      ['POINT_CHARGE_BUTTON_OPTIONS', '[10000, -5]', SETTING_MESSAGES.NUMBER_LIST],
      ['ENABLE_PAYMENT_TYPE', 'SOME', SETTING_MESSAGES.ENUM],
      ['SITE_KAKAO_CHANNEL_LINK', 'javascript:alert(1)', SETTING_MESSAGES.URL],
      ['NOT_A_SETTING', 'x', SETTING_MESSAGES.UNKNOWN_KEY],
      ['FOOTER_COMPANY', 'a\u0000b', SETTING_MESSAGES.CONTROL],
    ];
    for (const [key, value, message] of cases) {
      const response = await call(operator, 'PUT', `/admin/api/settings/${key}`, { value });
      expect(response.statusCode, key).toBe(400);
      expect(response.json().message, key).toBe(message);
    }
    expect(await publicValue('ENABLE_QNA')).toBe('true');
    expect(await publicValue('SITE_MAIN_COLOR')).toBe('#4f46e5');
    const huge = await call(operator, 'PUT', '/admin/api/settings/FOOTER_COMPANY', {
      value: 'x'.repeat(5000),
    });
    expect(huge.statusCode).toBe(400);
    // Text keeps line breaks (an address on two lines).
    const text = await call(operator, 'PUT', '/admin/api/settings/FOOTER_ADDRESS', { value: '서울\n강남구' });
    expect(text.statusCode).toBe(200);
  });

  it('tells the console which settings this server cannot make work, by the variables’ names alone', async () => {
    const operator = await createMember(t.app, { role: 'admin' });
    const member = await createMember(t.app);
    const url = '/admin/api/settings/config-status';
    expect((await call(null, 'GET', url)).statusCode).toBe(401);
    expect((await call(member, 'GET', url)).statusCode).toBe(403);

    // The suite's server has Naver, Kakao and the deposit webhooks, and no SMTP or SMS gateway.
    const response = await call(operator, 'GET', url);
    expect(response.statusCode).toBe(200);
    expect(response.json() as SettingConfigStatus[]).toEqual([
      { key: 'ENABLE_SNS_NAVER', missing: [] },
      { key: 'ENABLE_SNS_KAKAO', missing: [] },
      { key: 'ENABLE_EMAIL_VERIFY', missing: ['SMTP_HOST', 'SMTP_FROM'] },
      { key: 'ENABLE_PHONE_NUMBER', missing: ['SMS_WEBHOOK_URL', 'SMS_WEBHOOK_SECRET'] },
      { key: 'BANKING_ACCOUNT_NUMBER', missing: [] },
    ]);
    // Whether a variable is set, never what it holds.
    for (const secret of ['test-naver-secret', TEST_DEPOSIT_SECRET, '1000001']) {
      expect(response.body).not.toContain(secret);
    }
  });
});
