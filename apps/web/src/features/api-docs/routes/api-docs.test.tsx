import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  API_KEY_PLACEHOLDER,
  curlExample,
  REST_EXAMPLES,
  REST_STATUS_TEXTS,
  V2_ERRORS,
  V2_EXAMPLES,
  v2CurlExample,
} from '@smm/domain';
import { mockApi } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render';
import { ApiDocsRoute } from './api-docs';
import { publicRestApi, pathOf } from '@smm/domain/endpoints';

/** A REST path as the reference writes it: `{wId}` for a path parameter. */
const docPath = (endpoint: { path: string }) => endpoint.path.replace(/:(\w+)/g, '{$1}');

/** The text of a code block, found by its accessible name. */
const codeOf = (name: string) => within(screen.getByRole('figure', { name })).getByRole('code').textContent;

function renderDocs() {
  const api = mockApi({});
  const user = userEvent.setup();
  renderWithProviders(<ApiDocsRoute />, { route: '/api', routes: { '/account': <p>계정설정 화면</p> } });
  return { ...api, user };
}

describe('API documentation (/api)', () => {
  it("gives this site's own origin as the base URL, the api-key header and the JSON format, and makes no call", async () => {
    const { calls } = renderDocs();
    const origin = window.location.origin;

    expect(screen.getByRole('heading', { level: 1, name: 'API 문서' })).toBeInTheDocument();
    const facts = screen.getByRole('region', { name: '기본 정보' });
    const baseRow = within(facts).getByRole('row', { name: /Base URL/ });
    expect(within(baseRow).getByRole('cell')).toHaveTextContent(`${origin}/api`);
    expect(within(facts).getByText(`api-key: ${API_KEY_PLACEHOLDER}`)).toBeInTheDocument();
    expect(within(facts).getByRole('row', { name: /응답 형식/ })).toHaveTextContent('JSON 형식');
    expect(within(facts).getByRole('link', { name: pathOf(publicRestApi.openapi) })).toHaveAttribute(
      'href',
      pathOf(publicRestApi.openapi),
    );
    expect(calls).toHaveLength(0);
  });

  it('documents Get Services, Order Services and Order Status with curl lines for this origin and their answers', () => {
    renderDocs();
    const origin = window.location.origin;

    for (const [id, title, method, path] of [
      ['get-services', '서비스 목록', 'GET', pathOf(publicRestApi.services)],
      ['order', '주문하기', 'POST', pathOf(publicRestApi.order)],
      ['status', '주문 상태', 'GET', docPath(publicRestApi.status)],
      ['refill', '리필 요청', 'POST', docPath(publicRestApi.refill)],
      ['refill-status', '리필 상태', 'GET', docPath(publicRestApi.refillStatus)],
      ['cancel', '주문 취소', 'POST', docPath(publicRestApi.cancel)],
    ] as const) {
      const section = screen.getByRole('region', { name: title });
      expect(section).toHaveAttribute('id', id);
      expect(within(section).getByText(method)).toBeInTheDocument();
      expect(within(section).getByText(path)).toBeInTheDocument();
      expect(within(section).getByRole('region', { name: `${title} 요청 파라미터` })).toHaveTextContent(
        'api-key',
      );
    }

    expect(codeOf('서비스 목록 요청 예시')).toBe(
      `curl -s '${origin}/api/services' -H 'api-key: ${API_KEY_PLACEHOLDER}'`,
    );
    expect(codeOf('주문하기 요청 예시')).toBe(curlExample(origin, 'order'));
    expect(codeOf('주문하기 요청 예시')).toContain(`-d '${JSON.stringify(REST_EXAMPLES.orderRequest)}'`);
    expect(codeOf('주문 상태 요청 예시')).toBe(curlExample(origin, 'status'));

    // Answers are pretty-printed JSON of the shared examples.
    expect(JSON.parse(codeOf('서비스 목록 응답 예시') ?? '')).toEqual(REST_EXAMPLES.services);
    expect(codeOf('서비스 목록 응답 예시')).toContain('"text": "🇰🇷 인스타그램 한국인 팔로워"');
    expect(JSON.parse(codeOf('주문하기 응답 예시') ?? '')).toEqual({ wId: REST_EXAMPLES.orderResponse.wId });
    expect(JSON.parse(codeOf('주문 상태 응답 예시') ?? '')).toEqual({ status: 'IN PROGRESS', remains: 57 });

    expect(codeOf('리필 요청 요청 예시')).toBe(
      `curl -s -X POST '${origin}/api/refill/23502' -H 'api-key: ${API_KEY_PLACEHOLDER}'`,
    );
    expect(codeOf('리필 상태 요청 예시')).toBe(curlExample(origin, 'refillStatus'));
    expect(codeOf('주문 취소 요청 예시')).toBe(curlExample(origin, 'cancel'));
    expect(JSON.parse(codeOf('리필 요청 응답 예시') ?? '')).toEqual(REST_EXAMPLES.refillResponse);
    expect(JSON.parse(codeOf('리필 상태 응답 예시') ?? '')).toMatchObject({ status: 'Completed' });
    expect(JSON.parse(codeOf('주문 취소 응답 예시') ?? '')).toEqual(REST_EXAMPLES.cancelResponse);
    expect(screen.getByRole('region', { name: '리필 요청 응답 필드' })).toHaveTextContent('Rejected (거절)');
  });

  it('lists every status with its meaning and every error status', () => {
    renderDocs();
    const statuses = screen.getByRole('region', { name: '주문 상태 값 표' });
    for (const text of REST_STATUS_TEXTS) expect(within(statuses).getByText(text)).toBeInTheDocument();
    expect(within(statuses).getByText(/부분 완료/)).toBeInTheDocument();

    const errors = screen.getByRole('region', { name: '오류 표' });
    for (const status of ['400', '401', '404', '409', '422', '429']) {
      expect(within(errors).getByText(status)).toBeInTheDocument();
    }
    expect(within(errors).getByText('INSUFFICIENT_POINTS')).toBeInTheDocument();
    for (const code of ['REFILL_REFUSED', 'ORDER_CANCEL_REFUSED', 'ORDER_OVERLAP']) {
      expect(within(errors).getByText(code)).toBeInTheDocument();
    }
    expect(within(errors).getByText(/Retry-After/)).toBeInTheDocument();
  });

  it('explains the SMM API v2 dialect at this origin with its actions and examples', () => {
    renderDocs();
    const origin = window.location.origin;
    const v2 = screen.getByRole('region', { name: 'SMM API v2 (호환)' });
    expect(within(v2).getByText(`${origin}/api/v2`)).toBeInTheDocument();

    const actions = within(v2).getByRole('region', { name: 'SMM API v2 action 표' });
    for (const action of ['services', 'add', 'balance', 'cancel']) {
      expect(within(actions).getByRole('cell', { name: action })).toBeInTheDocument();
    }
    // status for one order and for several; refill is named and refused.
    expect(within(actions).getByRole('cell', { name: 'status' })).toBeInTheDocument();
    expect(within(actions).getByRole('cell', { name: 'status 여러 건' })).toBeInTheDocument();
    // refill and refill_status, for one id and for several.
    expect(within(actions).getByRole('cell', { name: 'refill' })).toBeInTheDocument();
    expect(within(actions).getByRole('cell', { name: 'refill 여러 건' })).toBeInTheDocument();
    const refillStatus = within(actions).getByRole('cell', { name: 'refill_status' }).closest('tr');
    expect(refillStatus).toHaveTextContent('Pending, In progress, Completed, Rejected');
    expect(within(actions).getByRole('cell', { name: 'refill_status 여러 건' })).toBeInTheDocument();
    // No client sends a ticket action, so there is none: the page says so and points to 1:1 문의.
    expect(within(actions).queryByRole('cell', { name: /ticket/ })).toBeNull();
    expect(within(v2).getByTestId('v2-no-ticket')).toHaveTextContent(
      '문의(티켓) action은 없습니다. 주문 문제는 사이트의 1:1 문의로 남겨주세요.',
    );

    expect(codeOf('v2 잔액 (balance) 요청 예시')).toBe(
      `curl -s -X POST '${origin}/api/v2' -d key=${API_KEY_PLACEHOLDER} -d action=balance`,
    );
    expect(codeOf('v2 주문하기 (add) 요청 예시')).toBe(v2CurlExample(origin, 'add'));
    expect(JSON.parse(codeOf('v2 여러 주문 상태 (status, orders) 응답 예시') ?? '')).toEqual(
      V2_EXAMPLES.multiStatus.response,
    );
    expect(JSON.parse(codeOf('v2 주문 취소 (cancel) 응답 예시') ?? '')).toEqual(V2_EXAMPLES.cancel.response);
    expect(codeOf('v2 리필 요청 (refill) 요청 예시')).toBe(v2CurlExample(origin, 'refill'));
    expect(JSON.parse(codeOf('v2 여러 주문 리필 (refill, orders) 응답 예시') ?? '')).toEqual(
      V2_EXAMPLES.multiRefill.response,
    );
    expect(JSON.parse(codeOf('v2 여러 리필 상태 (refill_status, refills) 응답 예시') ?? '')).toEqual(
      V2_EXAMPLES.multiRefillStatus.response,
    );
    const errors = within(v2).getByRole('region', { name: 'SMM API v2 오류 표' });
    for (const error of [
      V2_ERRORS.ORDER_OVERLAP,
      V2_ERRORS.REFILL_NOT_FINISHED,
      V2_ERRORS.INCORRECT_REFILL_ID,
    ]) {
      expect(within(errors).getByText(error)).toBeInTheDocument();
    }
  });

  it('copies a curl line with one press', async () => {
    const { user } = renderDocs();
    await user.click(screen.getByRole('button', { name: '서비스 목록 요청 예시 복사' }));
    expect(await navigator.clipboard.readText()).toBe(curlExample(window.location.origin, 'services'));
    expect(await screen.findByText('복사되었습니다.')).toBeInTheDocument();
  });

  it('sends the reader to /account for a key, through the router', async () => {
    const { user } = renderDocs();
    await user.click(screen.getByRole('link', { name: '계정설정으로 가기' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/account');
  });
});
