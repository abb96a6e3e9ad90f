import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { INQUIRY_MESSAGES, STORAGE_KEYS } from '@smm/domain';
import type { InquiryThread } from '@smm/domain/contract';
import { authApi, inquiriesApi, pathOf, siteApi } from '@smm/domain/endpoints';
import { json, mockApi, on } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render';
import { InquiriesRoute } from './inquiries';
import { InquiryThreadRoute } from './inquiry-thread';

const profile = { id: 'member1', point: 5000, apiKey: null };
const CREATED = '2026-11-28T01:00:00.000Z';
const summary = {
  id: 7,
  type: 'ORDER_REFILL' as const,
  title: '리필 부탁드립니다',
  state: 'ANSWERED' as const,
  orderId: 31,
  chargeId: null,
  createdAt: CREATED,
  updatedAt: CREATED,
  unread: true,
};
const thread: InquiryThread = {
  inquiry: { ...summary, closedAt: null, canWrite: true },
  messages: [
    { id: 1, author: 'member', text: '<b>줄었어요</b>\n확인 부탁', attachmentUrl: null, createdAt: CREATED },
    { id: 2, author: 'operator', text: '리필 요청했습니다.', attachmentUrl: null, createdAt: CREATED },
  ],
};

function signedIn(routes: Record<string, unknown>) {
  localStorage.setItem(STORAGE_KEYS.JWT, 'good');
  return mockApi({ [on(authApi.profile)]: profile, ...routes });
}

describe('1:1 문의 (/inquiries)', () => {
  it('lists the member’s inquiries with their state and an unread reply', async () => {
    signedIn({
      [on(inquiriesApi.list)]: { items: [summary], page: 1, pageSize: 20, total: 1 },
    });
    renderWithProviders(<InquiriesRoute />, { route: '/inquiries', path: '/inquiries' });
    const list = await screen.findByRole('list', { name: '내 문의' });
    const item = within(list).getByRole('listitem');
    expect(item).toHaveTextContent('답변 완료');
    expect(within(item).getByRole('link', { name: /리필 부탁드립니다/ })).toHaveAttribute(
      'href',
      '/inquiries/7',
    );
    expect(item).toHaveTextContent('새 답변');
    expect(item).toHaveTextContent('주문 문제 · 리필 · 주문 31');
  });

  it('opens a new one about the order of 문의하기, offers FAQ entries while the title is typed, refuses in Korean, sends the form', async () => {
    const user = userEvent.setup();
    const { fetchMock } = signedIn({
      [on(inquiriesApi.list)]: { items: [], page: 1, pageSize: 20, total: 0 },
      [on(siteApi.qnas)]: [
        { title: '리필은 어떻게 하나요?', answer: '주문내역에서 리필 요청을 누르세요.' },
        { title: '충전이 안 돼요', answer: '입금자명을 확인해주세요.' },
      ],
      [on(inquiriesApi.create)]: json(thread),
    });
    renderWithProviders(<InquiriesRoute />, {
      route: '/inquiries?orderId=31',
      path: '/inquiries',
      routes: { '/inquiries/:id': <p>스레드 화면</p> },
    });
    expect(await screen.findByLabelText('주문번호')).toHaveValue('31');
    await user.type(screen.getByLabelText('제목'), '리필');
    const faq = await screen.findByRole('region', { name: '이런 답이 있어요' });
    expect(faq).toHaveTextContent('리필은 어떻게 하나요?');
    expect(faq).not.toHaveTextContent('충전이 안 돼요');

    await user.click(screen.getByRole('button', { name: '문의 남기기' }));
    expect(screen.getByRole('alert')).toHaveTextContent(INQUIRY_MESSAGES.TEXT_EMPTY);

    await user.type(screen.getByLabelText('내용'), '팔로워가 줄었어요.');
    await user.click(screen.getByRole('button', { name: '문의 남기기' }));
    expect(await screen.findByText('스레드 화면')).toBeInTheDocument();
    // The form goes as multipart (FormData), the order from 문의하기 with it.
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    const body = post?.[1]?.body as FormData;
    expect(Object.fromEntries(body.entries())).toEqual({
      type: 'ORDER_OTHER',
      title: '리필',
      text: '팔로워가 줄었어요.',
      orderId: '31',
    });
  });

  it('shows a thread as text, the operator’s reply marked, and a message form', async () => {
    signedIn({ [on(inquiriesApi.thread, { id: 7 })]: thread });
    renderWithProviders(<InquiryThreadRoute />, { route: '/inquiries/7', path: '/inquiries/:id' });
    const messages = await screen.findByRole('list', { name: '문의 내용' });
    const items = within(messages).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('내 메시지');
    expect(items[0]?.querySelector('b')).toBeNull();
    expect(within(items[0] as HTMLElement).getByText(/<b>줄었어요<\/b>/).textContent).toBe(
      '<b>줄었어요</b>\n확인 부탁',
    );
    expect(items[1]).toHaveTextContent('운영자 답변');
    expect(items[1]).toHaveTextContent('리필 요청했습니다.');
    expect(screen.getByRole('button', { name: '보내기' })).toBeInTheDocument();
  });

  it('sends a message with an image as multipart, then empties the text and the file field', async () => {
    const user = userEvent.setup();
    const { fetchMock } = signedIn({
      [on(inquiriesApi.thread, { id: 7 })]: thread,
      [on(inquiriesApi.write, { id: 7 })]: json(thread),
    });
    renderWithProviders(<InquiryThreadRoute />, { route: '/inquiries/7', path: '/inquiries/:id' });
    await screen.findByRole('list', { name: '문의 내용' });
    const image = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'shot.png', { type: 'image/png' });
    await user.type(screen.getByLabelText('메시지'), '사진 첨부합니다.');
    await user.upload(screen.getByLabelText('이미지 (선택, 2MB 이하)'), image);
    await user.click(screen.getByRole('button', { name: '보내기' }));
    await vi.waitFor(() => expect(screen.getByLabelText('메시지')).toHaveValue(''));
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    const body = post?.[1]?.body as FormData;
    expect(body.get('text')).toBe('사진 첨부합니다.');
    expect((body.get('image') as File).name).toBe('shot.png');
    // A new file field: the sent image is not sent again with the next message.
    expect((screen.getByLabelText('이미지 (선택, 2MB 이하)') as HTMLInputElement).files).toHaveLength(0);
  });

  it('asks a guest to log in and reads nothing', async () => {
    const { calls } = mockApi({});
    renderWithProviders(<InquiriesRoute />, { route: '/inquiries', path: '/inquiries' });
    expect(await screen.findByText('1:1 문의는 로그인한 회원만 남길 수 있습니다.')).toBeInTheDocument();
    expect(calls.filter((call) => call.path.startsWith(pathOf(inquiriesApi.list)))).toEqual([]);
  });
});
