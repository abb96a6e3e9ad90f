import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { AuditLogItem, AuditLogResponse } from '@smm/domain/contract';
import { mockApi, on } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render';
import { AuditChanges } from './audit-changes';
import { auditChanges, auditValueText } from './audit-diff';
import { AuditScreen } from './audit-screen';
import { adminApi, pathOf } from '@smm/domain/endpoints';

function SearchProbe() {
  return <div data-testid="search">{useLocation().search}</div>;
}

const item = (overrides: Partial<AuditLogItem>): AuditLogItem => ({
  id: 1,
  operatorLoginId: 'opkim',
  action: 'charge.accept',
  targetType: 'charge',
  targetId: '15',
  before: { status: 0 },
  after: { status: 1 },
  memo: '통장 확인',
  createdAt: '2026-11-23T15:05:00.000Z',
  ...overrides,
});

const PAGE: AuditLogResponse = {
  items: [
    item({ id: 3 }),
    item({
      id: 2,
      action: 'robot.dance',
      targetType: 'member',
      targetId: 'hong',
      memo: '',
      before: { point: 1000 },
      after: { point: 3000, adjustmentId: 9 },
    }),
    item({
      id: 1,
      action: 'setting.update',
      targetType: 'setting',
      targetId: 'ENABLE_REFERRAL',
      memo: '',
      before: { value: 'false' },
      after: { value: 'true' },
    }),
  ],
  page: 1,
  pageSize: 50,
  total: 120,
};

const FILTERS = {
  actions: ['charge.accept', 'point.adjust', 'robot.dance'],
  targetTypes: ['charge', 'member'],
  operators: ['opkim', 'oplee'],
};

function renderAudit(route = '/admin/audit') {
  const api = mockApi({ [on(adminApi.auditLog)]: PAGE, [on(adminApi.auditLogFilters)]: FILTERS });
  renderWithProviders(
    <>
      <AuditScreen />
      <SearchProbe />
    </>,
    { route },
  );
  const logCalls = () => api.calls.filter((c) => c.path === pathOf(adminApi.auditLog)).map((c) => c.search);
  return { ...api, logCalls };
}

const search = () => new URLSearchParams(screen.getByTestId('search').textContent ?? '');

describe('audit diff', () => {
  it('lists only the keys that changed, added and removed keys included', () => {
    expect(auditChanges({ value: '#111', same: 1 }, { value: '#222', same: 1, added: true })).toEqual([
      { key: 'value', before: '#111', after: '#222' },
      { key: 'added', before: undefined, after: true },
    ]);
    expect(auditChanges(null, { text: '공지' })).toEqual([{ key: 'text', before: undefined, after: '공지' }]);
    expect(auditChanges({ text: '공지' }, null)).toEqual([{ key: 'text', before: '공지', after: undefined }]);
    expect(auditChanges('a', 'b')).toEqual([{ key: '', before: 'a', after: 'b' }]);
    expect(auditChanges([1], [1, 2])).toEqual([{ key: '', before: [1], after: [1, 2] }]);
    expect(auditChanges({ a: { b: 1 } }, { a: { b: 1 } })).toEqual([]);
    expect(auditChanges(null, null)).toEqual([]);
    // An absent key and a null one are the same "nothing": not a change worth a line.
    expect(auditChanges({ status: 0 }, { status: 1, depositId: null })).toEqual([
      { key: 'status', before: 0, after: 1 },
    ]);
  });

  it('writes values short and readable', () => {
    expect(auditValueText(null)).toBe('없음');
    expect(auditValueText(undefined)).toBe('없음');
    expect(auditValueText('')).toBe('(빈 값)');
    expect(auditValueText(false)).toBe('아니오');
    expect(auditValueText('true', 'value', { type: 'setting', id: 'ENABLE_REFERRAL' })).toBe('켜짐');
    expect(auditValueText({ a: [1, 2] })).toBe('{"a":[1,2]}');
    expect(auditValueText('x'.repeat(200))).toHaveLength(80);
  });

  it('renders before → after per changed key, and the full JSON in a details element', () => {
    render(
      <AuditChanges
        before={{ value: '#111111', kept: 'same' }}
        after={{ value: '#222222', kept: 'same', note: '<b>not html</b>' }}
      />,
    );
    const lines = screen.getAllByRole('listitem');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toHaveTextContent('값#111111→에서 다음으로 변경:#222222');
    expect(lines[1]).toHaveTextContent('note없음→에서 다음으로 변경:<b>not html</b>');
    expect(screen.queryByText('kept')).not.toBeInTheDocument();
    const details = screen.getByText('전체 보기').closest('details')!;
    expect(details).not.toHaveAttribute('open');
    expect(details.querySelector('pre')!.textContent).toBe(
      JSON.stringify(
        {
          before: { value: '#111111', kept: 'same' },
          after: { value: '#222222', kept: 'same', note: '<b>not html</b>' },
        },
        null,
        2,
      ),
    );
    // Operator text is text: no element was made from it.
    expect(document.querySelector('b')).toBeNull();
  });

  it('names fields in Korean, a setting by its label and its flag as 켜짐 / 꺼짐', () => {
    render(
      <AuditChanges
        before={{ value: 'false' }}
        after={{ value: 'true' }}
        target={{ type: 'setting', id: 'ENABLE_REFERRAL' }}
      />,
    );
    expect(screen.getByRole('listitem')).toHaveTextContent('값꺼짐→에서 다음으로 변경:켜짐');
    // Only the 전체 보기 JSON keeps the stored words.
    expect(screen.getByRole('list')).not.toHaveTextContent(/false|true/);
  });

  it('shows a creation as what was made, under 새로 만듦, not as 없음 → … lines', () => {
    render(
      <AuditChanges
        before={null}
        after={{
          id: 7,
          content: '점검 안내',
          isTop: true,
          bgColor: null,
          imageUrl: '/uploads/a.png',
          createdAt: '2026-11-23T15:05:09.000Z',
        }}
      />,
    );
    expect(screen.getByText('새로 만듦')).toBeInTheDocument();
    const lines = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(lines).toEqual([
      '번호7',
      '내용점검 안내',
      '상단 고정예',
      '이미지 주소/uploads/a.png',
      '작성일시2026-11-24 00:05:09',
    ]);
    expect(screen.getByRole('list')).not.toHaveTextContent(/없음|isTop|imageUrl|createdAt/);
  });

  it('shows a deletion under 삭제함 with what the item held', () => {
    render(<AuditChanges before={{ text: '인스타그램', bgColor: '#ff0000' }} after={null} />);
    expect(screen.getByText('삭제함')).toBeInTheDocument();
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      '이름인스타그램',
      '배경색#ff0000',
    ]);
  });

  it('says when nothing changed and shows a dash without before and after', () => {
    const { unmount } = render(<AuditChanges before={{ a: 1 }} after={{ a: 1 }} />);
    expect(screen.getByText('변경 없음')).toBeInTheDocument();
    unmount();
    render(<AuditChanges before={null} after={null} />);
    expect(screen.getByText('-')).toBeInTheDocument();
    expect(screen.queryByText('전체 보기')).not.toBeInTheDocument();
  });
});

describe('AuditScreen', () => {
  it('shows entries with Korean action labels (raw for unknown ones), target, memo and changes', async () => {
    renderAudit();
    await screen.findByText('총 120건');
    const table = screen.getByRole('table', { name: '감사 로그' });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('2026-11-24 00:05:00');
    expect(rows[1]).toHaveTextContent('opkim');
    expect(rows[1]).toHaveTextContent('충전 수락');
    expect(rows[1]).toHaveTextContent('충전 신청15');
    expect(rows[1]).toHaveTextContent('통장 확인');
    expect(rows[1]).toHaveTextContent('상태0→에서 다음으로 변경:1');
    expect(rows[2]).toHaveTextContent('robot.dance');
    expect(rows[3]).toHaveTextContent('설정추천인 코드');
    expect(rows[3]).not.toHaveTextContent('ENABLE_REFERRAL');
    expect(rows[3]).toHaveTextContent('값꺼짐→에서 다음으로 변경:켜짐');
    expect(within(rows[2]!).getByRole('link', { name: 'hong' })).toHaveAttribute(
      'href',
      '/admin/members/hong',
    );
    expect(rows[2]).toHaveTextContent('잔액₩1,000→에서 다음으로 변경:₩3,000');
    expect(rows[2]).toHaveTextContent('조정 번호없음→에서 다음으로 변경:9');
    expect(screen.getByText('총 120건')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /CSV 내보내기/ })).toBeEnabled();
  });

  it('reads its filters from the URL, asks the server with them and pages with them kept', async () => {
    const { logCalls } = renderAudit('/admin/audit?action=point.adjust&from=2026-11-01&to=2026-11-30&page=2');
    await screen.findByRole('table', { name: '감사 로그' });
    expect(logCalls()).toEqual(['?action=point.adjust&from=2026-11-01&to=2026-11-30&page=2']);
    expect(await screen.findByRole('option', { name: '잔액 조정' })).toBeInTheDocument();
    expect(screen.getByLabelText('작업')).toHaveValue('point.adjust');
    expect(screen.getByLabelText('시작일')).toHaveValue('2026-11-01');
    const pages = screen.getByRole('navigation', { name: '감사 로그 페이지' });
    expect(within(pages).getByRole('link', { name: '3 페이지' })).toHaveAttribute(
      'href',
      '/admin/audit?action=point.adjust&from=2026-11-01&to=2026-11-30&page=3',
    );
    expect(within(pages).getByRole('link', { name: '1 페이지' })).toHaveAttribute(
      'href',
      '/admin/audit?action=point.adjust&from=2026-11-01&to=2026-11-30',
    );
  });

  it('puts a chosen filter in the URL at once and goes back to page 1', async () => {
    const user = userEvent.setup();
    const { logCalls } = renderAudit('/admin/audit?page=3');
    await screen.findByRole('option', { name: 'oplee' });
    await user.selectOptions(screen.getByLabelText('운영자'), 'oplee');
    await waitFor(() => expect(search().toString()).toBe('operator=oplee'));
    await user.selectOptions(screen.getByLabelText('작업'), '충전 수락');
    await waitFor(() => expect(search().toString()).toBe('action=charge.accept&operator=oplee'));
    await waitFor(() => expect(logCalls().at(-1)).toBe('?action=charge.accept&operator=oplee&page=1'));
  });

  it('applies the search text and the period with 검색, and clears everything with 초기화', async () => {
    const user = userEvent.setup();
    const { logCalls } = renderAudit();
    await screen.findByRole('table', { name: '감사 로그' });
    await user.type(screen.getByLabelText('대상 ID·메모 검색'), '  100%_환불 ');
    fireEvent.change(screen.getByLabelText('시작일'), { target: { value: '2026-11-20' } });
    fireEvent.change(screen.getByLabelText('종료일'), { target: { value: '2026-11-24' } });
    expect(search().toString()).toBe('');
    await user.click(screen.getByRole('button', { name: '검색' }));
    await waitFor(() => expect(search().get('q')).toBe('100%_환불'));
    expect(search().get('from')).toBe('2026-11-20');
    expect(search().get('to')).toBe('2026-11-24');
    await waitFor(() =>
      expect(logCalls().at(-1)).toBe('?q=100%25_%ED%99%98%EB%B6%88&from=2026-11-20&to=2026-11-24&page=1'),
    );
    await user.click(screen.getByRole('button', { name: '초기화' }));
    await waitFor(() => expect(search().toString()).toBe(''));
    expect(screen.getByLabelText('대상 ID·메모 검색')).toHaveValue('');
  });

  it('refuses a period that ends before it starts, leaving the URL as it was', async () => {
    const user = userEvent.setup();
    renderAudit('/admin/audit?action=charge.accept');
    await screen.findByRole('table', { name: '감사 로그' });
    fireEvent.change(screen.getByLabelText('시작일'), { target: { value: '2026-11-24' } });
    fireEvent.change(screen.getByLabelText('종료일'), { target: { value: '2026-11-20' } });
    await user.click(screen.getByRole('button', { name: '검색' }));
    expect(
      await screen.findByText('기간의 시작일이 종료일보다 늦습니다. 다시 선택해주세요.'),
    ).toBeInTheDocument();
    expect(search().toString()).toBe('action=charge.accept');
  });

  it('ignores malformed values in the URL instead of sending them', async () => {
    const { logCalls } = renderAudit('/admin/audit?from=2026-02-30&to=soon&page=-4');
    await screen.findByRole('table', { name: '감사 로그' });
    expect(logCalls()).toEqual(['?page=1']);
  });
});
