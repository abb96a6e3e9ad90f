import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { adminInquiriesApi, pathOf } from '@smm/domain/endpoints';
import { mockApi, on, type RecordedCall } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render';
import { InquiriesScreen } from './inquiries-screen';
import { InquiryThreadScreen } from './inquiry-thread-screen';
import { queueOf, sampleInquiry, sampleThread } from './inquiries-test-data';

const queueCalls = (calls: RecordedCall[]) =>
  calls
    .filter((c) => c.method === 'GET' && c.path === pathOf(adminInquiriesApi.list))
    .map((c) => Object.fromEntries(new URLSearchParams(c.search)));

const renderThread = () =>
  renderWithProviders(<InquiryThreadScreen />, {
    route: '/admin/inquiries/7',
    path: '/admin/inquiries/:id',
  });

describe('console 1:1 문의 queue', () => {
  it('lists the waiting ones by default and asks the server again for a state and a type', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      [on(adminInquiriesApi.list)]: (call: RecordedCall) => {
        const state = new URLSearchParams(call.search).get('state');
        return new Response(
          JSON.stringify(
            queueOf(
              state === 'CLOSED'
                ? [sampleInquiry({ id: 9, title: '지난 문의', state: 'CLOSED', waitingSince: null })]
                : [
                    sampleInquiry(),
                    sampleInquiry({
                      id: 8,
                      title: '충전이 안 돼요',
                      type: 'CHARGE',
                      orderId: null,
                      chargeId: 5,
                      assignedOperatorId: 1,
                      assignedLoginId: 'admin',
                    }),
                  ],
            ),
          ),
          { status: 200, headers: { 'Content-Type': 'application/json' } },
        );
      },
    });
    renderWithProviders(<InquiriesScreen />, { route: '/admin/inquiries', path: '/admin/inquiries' });

    await screen.findByRole('link', { name: '팔로워가 줄었어요' });
    const table = screen.getByRole('table', { name: '1:1 문의 목록' });
    expect(within(table).getByRole('link', { name: '팔로워가 줄었어요' })).toHaveAttribute(
      'href',
      '/admin/inquiries/7',
    );
    expect(within(table).getByText('주문 #22')).toBeInTheDocument();
    expect(within(table).getByText('충전 #5')).toBeInTheDocument();
    expect(within(table).getByText('미지정')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '답변 대기' })).toHaveAttribute('aria-current', 'page');
    expect(queueCalls(calls)).toEqual([{ state: 'WAITING', page: '1' }]);

    await user.selectOptions(screen.getByLabelText('문의 유형'), 'CHARGE');
    await waitFor(() =>
      expect(queueCalls(calls).at(-1)).toEqual({ state: 'WAITING', type: 'CHARGE', page: '1' }),
    );

    await user.click(screen.getByRole('link', { name: '종료' }));
    await screen.findByRole('link', { name: '지난 문의' });
    expect(queueCalls(calls).at(-1)).toEqual({ state: 'CLOSED', type: 'CHARGE', page: '1' });
  });
});

describe('console 1:1 문의 thread', () => {
  it('shows a member’s HTML as text and an internal note apart from the replies', async () => {
    mockApi({ [on(adminInquiriesApi.thread, { id: 7 })]: sampleThread() });
    renderThread();

    const conversation = await screen.findByRole('list', { name: '대화' });
    const [memberMessage, note] = within(conversation).getAllByRole('listitem');
    expect(memberMessage).toHaveTextContent('<b>굵게</b> 팔로워가 줄었어요.');
    expect(memberMessage!.querySelector('b')).toBeNull();
    expect(note).toHaveClass('inquiries-message-note');
    expect(within(note!).getByText('내부 메모 · 회원에게 보이지 않음')).toBeInTheDocument();
    expect(memberMessage).not.toHaveClass('inquiries-message-note');

    // The linked order and its ledger row beside the thread.
    const side = screen.getByRole('complementary', { name: '연결된 주문·충전' });
    expect(within(side).getByText('주문 #22')).toBeInTheDocument();
    expect(within(side).getByText(/주문번호 9001/)).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: '포인트 내역' })).getByText('-₩350')).toBeInTheDocument();
  });

  it('sends a reply, a note, an assignment and a close to their endpoints and shows the answer', async () => {
    const user = userEvent.setup();
    const answered = sampleThread({
      inquiry: sampleInquiry({ state: 'ANSWERED', waitingSince: null }),
    });
    const { calls } = mockApi({
      [on(adminInquiriesApi.thread, { id: 7 })]: sampleThread(),
      [on(adminInquiriesApi.list)]: queueOf([]),
      [on(adminInquiriesApi.reply, { id: 7 })]: answered,
      [on(adminInquiriesApi.note, { id: 7 })]: answered,
      [on(adminInquiriesApi.assign, { id: 7 })]: sampleThread({
        inquiry: sampleInquiry({ state: 'ANSWERED', assignedOperatorId: 2, assignedLoginId: 'helper' }),
      }),
      [on(adminInquiriesApi.close, { id: 7 })]: sampleThread({
        inquiry: sampleInquiry({ state: 'CLOSED', waitingSince: null }),
      }),
    });
    renderThread();
    await screen.findByRole('list', { name: '대화' });
    const posted = (path: string) => calls.filter((c) => c.method === 'POST' && c.path === path);

    await user.type(screen.getByLabelText('회원에게 보낼 답변'), '리필 요청했습니다.');
    await user.click(screen.getByRole('button', { name: '답변 보내기' }));
    await waitFor(() =>
      expect(posted(pathOf(adminInquiriesApi.reply, { id: 7 })).map((c) => c.body)).toEqual([
        { text: '리필 요청했습니다.' },
      ]),
    );
    await waitFor(() => expect(screen.getByLabelText('회원에게 보낼 답변')).toHaveValue(''));
    expect(screen.getAllByText('답변 완료').length).toBeGreaterThan(0);

    await user.type(screen.getByLabelText('운영자끼리 남기는 메모'), '내일 다시 확인');
    await user.click(screen.getByRole('button', { name: '메모 남기기' }));
    await waitFor(() =>
      expect(posted(pathOf(adminInquiriesApi.note, { id: 7 })).map((c) => c.body)).toEqual([
        { text: '내일 다시 확인' },
      ]),
    );

    await user.selectOptions(screen.getByLabelText('담당자'), 'helper');
    await waitFor(() =>
      expect(posted(pathOf(adminInquiriesApi.assign, { id: 7 })).map((c) => c.body)).toEqual([
        { operatorId: 2 },
      ]),
    );
    await waitFor(() => expect(screen.getByLabelText('담당자')).toHaveValue('2'));

    await user.click(screen.getByRole('button', { name: '문의 종료' }));
    await waitFor(() => expect(posted(pathOf(adminInquiriesApi.close, { id: 7 }))).toHaveLength(1));
    await screen.findByText('종료된 문의에는 답변할 수 없습니다. 회원이 다시 쓰면 열립니다.');
    expect(screen.queryByRole('button', { name: '문의 종료' })).toBeNull();
  });

  it('puts a picked saved answer into the reply being written', async () => {
    const user = userEvent.setup();
    mockApi({ [on(adminInquiriesApi.thread, { id: 7 })]: sampleThread() });
    renderWithProviders(
      <InquiryThreadScreen
        answerPicker={(onPick) => (
          <button type="button" onClick={() => onPick('안녕하세요, 확인해드렸습니다.')}>
            답변 고르기
          </button>
        )}
      />,
      { route: '/admin/inquiries/7', path: '/admin/inquiries/:id' },
    );
    await user.type(await screen.findByLabelText('회원에게 보낼 답변'), '회원님,');
    await user.click(screen.getByRole('button', { name: '답변 고르기' }));
    expect(screen.getByLabelText('회원에게 보낼 답변')).toHaveValue('회원님,\n안녕하세요, 확인해드렸습니다.');
  });
});
