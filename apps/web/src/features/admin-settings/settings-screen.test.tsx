import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  NOTIFY_SETTING_KEYS,
  SETTING_KEYS,
  SETTING_LABELS,
  SETTING_MESSAGES,
  settingChoices,
  settingKind,
} from '@smm/domain';
import type { AdminSetting } from '@smm/domain/contract';
import { describe, expect, it } from 'vitest';
import { useSiteSettings } from '@/lib/site-settings';
import { json, mockApi, type RecordedCall, on, emptyLists } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render';
import { SettingsScreen } from './settings-screen';
import { adminApi, pathOf, siteApi } from '@smm/domain/endpoints';

/** Reads of the screen's other widgets, which this file's tests do not look at: empty lists. */
const quiet = emptyLists(adminApi.settingsConfigStatus);

const VALUES: Partial<Record<string, string>> = {
  FOOTER_ADDRESS: '서울특별시 강남구',
  SITE_MAIN_COLOR: '#4f46e5',
  ENABLE_QNA: 'true',
  ENABLE_REFERRAL: 'false',
  ENABLE_PAYMENT_TYPE: 'ALL',
  POINT_CHARGE_BUTTON_OPTIONS: '[10000,30000]',
  SITE_KAKAO_CHANNEL_LINK: 'https://pf.kakao.com/_a',
};

const SETTINGS: AdminSetting[] = SETTING_KEYS.map((key) => ({
  key,
  value: VALUES[key] ?? '',
  kind: settingKind(key),
  choices: [...settingChoices(key)],
}));

/** The member site's main color as this tab reads it (lib/site-settings, cached an hour). */
function MemberColorProbe() {
  const { settings } = useSiteSettings();
  return <output data-testid="member-color">{settings.mainColor()}</output>;
}

/** What the server lacks (GET /admin/api/settings/config-status): nothing, unless a test says otherwise. */
type ConfigStatus = { key: string; missing: string[] }[];

function setup(answer?: (call: RecordedCall) => Response | undefined, configStatus: ConfigStatus = []) {
  let memberColor = '#4f46e5';
  const save = (key: string) => (call: RecordedCall) => {
    const custom = answer?.(call);
    if (custom) return custom;
    const { value } = call.body as { value: string };
    if (key === 'SITE_MAIN_COLOR') memberColor = value;
    return json({ key, value, changed: true });
  };
  const api = mockApi({
    ...quiet,
    [on(adminApi.settings)]: SETTINGS,
    [on(adminApi.settingsConfigStatus)]: configStatus,
    [on(siteApi.settings)]: () => json([{ key: 'SITE_MAIN_COLOR', value: memberColor }]),
    ...Object.fromEntries(SETTING_KEYS.map((key) => [on(adminApi.updateSetting, { key }), save(key)])),
  });
  renderWithProviders(
    <>
      <SettingsScreen />
      <MemberColorProbe />
    </>,
  );
  return api;
}

const puts = (calls: RecordedCall[]) => calls.filter((call) => call.method === 'PUT');

describe('settings screen', () => {
  it('shows every key under a Korean label, grouped, with the control its kind calls for', async () => {
    setup();
    expect(await screen.findByRole('heading', { name: '사이트 정보' })).toBeInTheDocument();
    for (const heading of ['디자인', '기능', '회원가입·로그인', '충전', '외부 연결'])
      expect(screen.getByRole('heading', { name: heading })).toBeInTheDocument();
    for (const key of SETTING_KEYS) expect(screen.getByText(SETTING_LABELS[key].label)).toBeInTheDocument();

    // flag → a switch, on or off as stored, with what it does
    const qna = screen.getByRole('switch', { name: 'FAQ 메뉴' });
    expect(qna).toBeChecked();
    expect(qna).toHaveAccessibleDescription(expect.stringContaining('자주 묻는 질문'));
    expect(screen.getByRole('switch', { name: '추천인 코드' })).not.toBeChecked();
    expect(screen.getAllByRole('switch')).toHaveLength(
      SETTING_KEYS.filter((k) => settingKind(k) === 'flag').length,
    );
    // color → a color picker and its hex
    expect(screen.getByLabelText('대표 색상 고르기')).toHaveAttribute('type', 'color');
    expect(screen.getByRole('textbox', { name: '대표 색상' })).toHaveValue('#4f46e5');
    // enum → a select with its choices in Korean
    const paymentType = screen.getByRole('combobox', { name: '증빙 종류' });
    expect(within(paymentType).getAllByRole('option')).toHaveLength(5);
    expect(paymentType).toHaveDisplayValue('모두 (발행 안 함, 현금영수증, 세금계산서)');
    // In a row like the other controls: straight in the field's flex column, the inputs' 200 px
    // flex-basis made the select 200 px tall.
    expect(paymentType.parentElement).toHaveClass('setting-row');
    expect(paymentType.parentElement).not.toHaveClass('setting-field');
    // url → a url input; a long text → a textarea
    expect(screen.getByRole('textbox', { name: '카카오톡 채널 주소' })).toHaveAttribute('type', 'url');
    expect(screen.getByRole('textbox', { name: '주소' }).tagName).toBe('TEXTAREA');
    // number list → chips of won amounts
    const chips = screen.getByRole('list', { name: '충전 금액 버튼 목록' });
    expect(
      within(chips)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['₩10,000', '₩30,000']);
  });

  it("leaves the operator notifications' keys to the 알림 screen and links there", async () => {
    mockApi({
      ...quiet,
      [on(adminApi.settings)]: [
        ...SETTINGS,
        ...NOTIFY_SETTING_KEYS.map((key) => ({ key, value: '', kind: settingKind(key), choices: [] })),
      ],
    });
    renderWithProviders(<SettingsScreen />);
    expect(await screen.findByRole('heading', { name: '운영자 알림' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '알림' })).toHaveAttribute('href', '/admin/notifications');
    for (const key of NOTIFY_SETTING_KEYS)
      expect(screen.queryByText(SETTING_LABELS[key].label)).not.toBeInTheDocument();
  });

  it('a switch saves at once as the string the server stores, and says 저장됨', async () => {
    const user = userEvent.setup();
    const api = setup();
    await user.click(await screen.findByRole('switch', { name: 'FAQ 메뉴' }));
    await waitFor(() => expect(puts(api.calls)).toHaveLength(1));
    expect(puts(api.calls)[0]).toMatchObject({
      path: pathOf(adminApi.updateSetting, { key: 'ENABLE_QNA' }),
      body: { value: 'false' },
    });
    expect(await screen.findByText('저장됨')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'FAQ 메뉴' })).not.toBeChecked();
  });

  it('a select saves the chosen value', async () => {
    const user = userEvent.setup();
    const api = setup();
    await user.selectOptions(await screen.findByRole('combobox', { name: '증빙 종류' }), '세금계산서만');
    await waitFor(() => expect(puts(api.calls)[0]).toMatchObject({ body: { value: 'FEE' } }));
  });

  it('a color saves its hex and the member site in this tab takes it', async () => {
    const user = userEvent.setup();
    const api = setup();
    expect(await screen.findByTestId('member-color')).toHaveTextContent('#4f46e5');
    const hex = await screen.findByRole('textbox', { name: '대표 색상' });
    await user.clear(hex);
    await user.type(hex, '#0ea5e9');
    const field = hex.closest('form')!;
    await user.click(within(field).getByRole('button', { name: '저장' }));
    await waitFor(() => expect(puts(api.calls)[0]).toMatchObject({ body: { value: '#0ea5e9' } }));
    await waitFor(() => expect(screen.getByTestId('member-color')).toHaveTextContent('#0ea5e9'));
    expect(within(field).getByText('저장됨')).toBeInTheDocument();
  });

  it('the color picker fills the hex', async () => {
    setup();
    const picker = await screen.findByLabelText('대표 색상 고르기');
    fireEvent.input(picker, { target: { value: '#ff0000' } });
    expect(screen.getByRole('textbox', { name: '대표 색상' })).toHaveValue('#ff0000');
  });

  it('charge buttons: add and remove amounts, saved as a JSON list of numbers', async () => {
    const user = userEvent.setup();
    const api = setup();
    const input = await screen.findByRole('spinbutton', { name: '충전 금액 버튼' });
    await user.type(input, '70000');
    const field = input.closest('form')!;
    await user.click(within(field).getByRole('button', { name: '추가' }));
    await user.click(within(field).getByRole('button', { name: '₩10,000 빼기' }));
    await user.click(within(field).getByRole('button', { name: '저장' }));
    await waitFor(() => expect(puts(api.calls)[0]).toMatchObject({ body: { value: '[30000,70000]' } }));
  });

  it('refuses a bad value before sending, and shows the server’s Korean error under the field', async () => {
    const user = userEvent.setup();
    const api = setup(() => json({ message: '서버가 거절한 이유', code: 'SETTING_INVALID' }, 400));
    const hex = await screen.findByRole('textbox', { name: '대표 색상' });
    await user.clear(hex);
    await user.type(hex, 'blue');
    const field = hex.closest('form')!;
    await user.click(within(field).getByRole('button', { name: '저장' }));
    expect(within(field).getByRole('alert')).toHaveTextContent(SETTING_MESSAGES.COLOR);
    expect(puts(api.calls)).toHaveLength(0);

    const url = screen.getByRole('textbox', { name: '카카오톡 채널 주소' });
    await user.clear(url);
    await user.type(url, 'https://pf.kakao.com/_b');
    const urlField = url.closest('form')!;
    await user.click(within(urlField).getByRole('button', { name: '저장' }));
    expect(await within(urlField).findByRole('alert')).toHaveTextContent('서버가 거절한 이유');
    expect(url).toHaveAccessibleDescription(expect.stringContaining('서버가 거절한 이유'));
  });

  it('clears a refused value’s error as soon as the value is edited, and says 저장됨 once it saves', async () => {
    const user = userEvent.setup();
    let refuse = true;
    const api = setup(() =>
      refuse ? json({ message: '서버가 거절한 이유', code: 'SETTING_INVALID' }, 400) : undefined,
    );
    const url = await screen.findByRole('textbox', { name: '카카오톡 채널 주소' });
    const field = url.closest('form')!;
    await user.clear(url);
    await user.type(url, 'https://pf.kakao.com/_bad');
    await user.click(within(field).getByRole('button', { name: '저장' }));
    expect(await within(field).findByRole('alert')).toHaveTextContent('서버가 거절한 이유');
    // One key typed: the error said of the value before no longer stands.
    await user.type(url, 'x');
    expect(within(field).queryByRole('alert')).toBeNull();
    expect(field).not.toHaveTextContent('서버가 거절한 이유');
    expect(url).not.toHaveAccessibleDescription(expect.stringContaining('서버가 거절한 이유'));
    refuse = false;
    await user.click(within(field).getByRole('button', { name: '저장' }));
    expect(await within(field).findByText('저장됨')).toBeInTheDocument();
    expect(within(field).queryByRole('alert')).toBeNull();
    expect(puts(api.calls).at(-1)).toMatchObject({ body: { value: 'https://pf.kakao.com/_badx' } });

    // The rule refused before a request: the color's error goes as the hex is edited too.
    const hex = screen.getByRole('textbox', { name: '대표 색상' });
    const color = hex.closest('form')!;
    await user.clear(hex);
    await user.type(hex, 'blue');
    await user.click(within(color).getByRole('button', { name: '저장' }));
    expect(within(color).getByRole('alert')).toHaveTextContent(SETTING_MESSAGES.COLOR);
    await user.clear(hex);
    expect(within(color).queryByRole('alert')).toBeNull();
  });

  it('a switch the server cannot make work says 적용 안 됨 and names the missing server variables, before and after 저장됨', async () => {
    const user = userEvent.setup();
    setup(undefined, [
      { key: 'ENABLE_SNS_NAVER', missing: ['NAVER_CLIENT_SECRET'] },
      { key: 'ENABLE_SNS_KAKAO', missing: [] },
      { key: 'ENABLE_EMAIL_VERIFY', missing: ['SMTP_HOST', 'SMTP_FROM'] },
      { key: 'BANKING_ACCOUNT_NUMBER', missing: ['DEPOSIT_WEBHOOK_SECRET'] },
    ]);
    const naver = await screen.findByRole('switch', { name: '네이버 로그인' });
    await waitFor(() =>
      expect(naver).toHaveAccessibleDescription(
        expect.stringContaining('켜도 적용 안 됨 — 서버에 NAVER_CLIENT_SECRET 설정 필요'),
      ),
    );
    await user.click(naver);
    const field = naver.closest('.setting-field') as HTMLElement;
    expect(await within(field).findByText('저장됨')).toBeInTheDocument();
    expect(within(field).getByTestId('not-effective-ENABLE_SNS_NAVER')).toHaveTextContent(
      /^적용 안 됨 — 서버에 NAVER_CLIENT_SECRET 설정 필요$/,
    );
    // Kakao's server side is configured: nothing to say.
    expect(screen.queryByTestId('not-effective-ENABLE_SNS_KAKAO')).not.toBeInTheDocument();
    // The same for the settings that are not switches of login: e-mail codes, automatic deposits.
    expect(screen.getByTestId('not-effective-ENABLE_EMAIL_VERIFY')).toHaveTextContent(
      '서버에 SMTP_HOST, SMTP_FROM 설정 필요',
    );
    expect(screen.getByTestId('not-effective-BANKING_ACCOUNT_NUMBER')).toHaveTextContent(
      '입금 자동 확인 안 됨 — 서버에 DEPOSIT_WEBHOOK_SECRET 설정 필요',
    );
    // 토스 송금 바로가기 needs the bank code (a setting, empty here) to name the bank.
    expect(screen.getByTestId('not-effective-ENABLE_TOSS_PAYMENT')).toHaveTextContent('은행 코드');
  });

  it('says nothing of the kind while the server has what every setting needs', async () => {
    setup(undefined, [
      { key: 'ENABLE_SNS_NAVER', missing: [] },
      { key: 'ENABLE_SNS_KAKAO', missing: [] },
    ]);
    await screen.findByRole('switch', { name: '네이버 로그인' });
    expect(screen.queryByText(/서버에 .* 설정 필요/)).not.toBeInTheDocument();
  });
});
