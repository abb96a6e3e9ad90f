import type { ReactNode } from 'react';
import { ChevronDown } from 'lucide-react';
import {
  packageQuantityFixed,
  quantityBelowMin,
  V2_ERROR_EXAMPLE,
  V2_ERRORS,
  V2_EXAMPLES,
  V2_MAX_ORDER_IDS,
  REFILL_STATUS_TEXTS,
  v2CurlExample,
  v2Money,
  type V2ExampleName,
} from '@smm/domain';
import { CodeBlock, JsonBlock } from './code-block';
import { DocSection } from './doc-section';
import { DocTable, MethodBadge } from './doc-tables';

interface ActionRow {
  actions: readonly string[];
  /** Shown under the action name: (여러 건). */
  variant?: string;
  params: ReactNode;
  answer: ReactNode;
}

const orderIdsParam = (
  <>
    <code>orders</code> (쉼표로 구분, 최대 {V2_MAX_ORDER_IDS}개)
  </>
);

const ACTION_ROWS: readonly ActionRow[] = [
  {
    actions: ['services'],
    params: '없음',
    answer: (
      <>
        서비스 목록 (<code>rate</code> = 1,000개당 가격, 원). <code>type</code>은 <code>Default</code>,{' '}
        <code>Custom Comments</code>, <code>Package</code> 중 하나, <code>dripfeed</code>·<code>refill</code>·
        <code>cancel</code>은 서비스별 지원 여부입니다.
      </>
    ),
  },
  {
    actions: ['add'],
    params: (
      <>
        <code>service</code>, <code>link</code>, <code>quantity</code>. 자동주문(드립피드)은 <code>runs</code>
        , <code>interval</code>(분)을 더합니다. Custom Comments는 <code>quantity</code> 대신{' '}
        <code>comments</code>(한 줄에 댓글 하나), Package는 <code>service</code>, <code>link</code>만
        보냅니다.
      </>
    ),
    answer: (
      <>
        주문 번호 <code>order</code>
      </>
    ),
  },
  {
    actions: ['status'],
    params: <code>order</code>,
    answer: '주문의 금액, 시작 수량, 상태, 남은 수량',
  },
  {
    actions: ['status'],
    variant: '여러 건',
    params: orderIdsParam,
    answer: '주문 번호별 상태 (없는 번호는 error)',
  },
  { actions: ['balance'], params: '없음', answer: '잔액 (원)' },
  {
    actions: ['cancel'],
    params: orderIdsParam,
    answer: (
      <>
        주문별 결과: 접수되면 <code>1</code>, 아니면 <code>error</code>
      </>
    ),
  },
  {
    actions: ['refill'],
    params: <code>order</code>,
    answer: (
      <>
        리필 번호 <code>refill</code> (문자열), 안 되면 <code>error</code>
      </>
    ),
  },
  {
    actions: ['refill'],
    variant: '여러 건',
    params: orderIdsParam,
    answer: (
      <>
        주문별 결과: 리필 번호 <code>refill</code>, 안 되면 <code>{'{ error }'}</code>
      </>
    ),
  },
  {
    actions: ['refill_status'],
    params: <code>refill</code>,
    answer: (
      <>
        리필 상태 <code>status</code>: {REFILL_STATUS_TEXTS.join(', ')}
      </>
    ),
  },
  {
    actions: ['refill_status'],
    variant: '여러 건',
    params: (
      <>
        <code>refills</code> (쉼표로 구분, 최대 {V2_MAX_ORDER_IDS}개)
      </>
    ),
    answer: '리필 번호별 상태 (없는 번호는 error)',
  },
];

const EXAMPLES: readonly { name: V2ExampleName; title: string; note?: string }[] = [
  { name: 'services', title: '서비스 목록 (services)' },
  { name: 'add', title: '주문하기 (add)' },
  {
    name: 'addDripFeed',
    title: '자동주문 (add + runs, interval)',
    note: 'runs회에 걸쳐 interval분마다 quantity개씩 주문합니다. 금액은 전체(quantity × runs)가 주문할 때 차감됩니다.',
  },
  {
    name: 'addComments',
    title: '댓글 직접 입력 주문 (add + comments)',
    note: 'type이 Custom Comments인 서비스는 quantity 대신 comments에 댓글을 한 줄에 하나씩 보냅니다. 줄 수가 수량이 되고, 공급사에 댓글 목록이 그대로 전달됩니다.',
  },
  {
    name: 'addPackage',
    title: '패키지 주문 (add, 수량 없이)',
    note: 'type이 Package인 서비스는 수량이 정해져 있어(min = max) service와 link만 보냅니다.',
  },
  { name: 'status', title: '주문 상태 (status)' },
  { name: 'multiStatus', title: '여러 주문 상태 (status, orders)' },
  { name: 'balance', title: '잔액 (balance)' },
  {
    name: 'cancel',
    title: '주문 취소 (cancel)',
    note: '취소가 끝나면 상태가 Canceled로 바뀌고 주문 금액이 환불됩니다.',
  },
  {
    name: 'refill',
    title: '리필 요청 (refill)',
    note: '완료되었거나 부분 완료된 주문만, 리필 기간 안에, 주문 하나에 하루 한 번 요청할 수 있습니다.',
  },
  { name: 'multiRefill', title: '여러 주문 리필 (refill, orders)' },
  { name: 'refillStatus', title: '리필 상태 (refill_status)' },
  { name: 'multiRefillStatus', title: '여러 리필 상태 (refill_status, refills)' },
];

const ERROR_ROWS: readonly { error: string; meaning: string }[] = [
  { error: V2_ERRORS.INVALID_KEY, meaning: 'key가 없거나 틀렸습니다 (재발급으로 폐기된 키 포함).' },
  { error: V2_ERRORS.INCORRECT_REQUEST, meaning: 'action이 없거나 알 수 없는 요청입니다.' },
  { error: V2_ERRORS.INCORRECT_SERVICE_ID, meaning: '없는 서비스 번호입니다.' },
  { error: quantityBelowMin(10), meaning: '수량이 서비스의 최소(또는 최대) 수량을 벗어났습니다.' },
  { error: V2_ERRORS.COMMENTS_REQUIRED, meaning: 'Custom Comments 서비스에 comments가 없습니다.' },
  {
    error: V2_ERRORS.COMMENTS_NOT_ACCEPTED,
    meaning: 'Default나 Package 서비스에 comments를 보냈습니다 (빈 값은 괜찮습니다).',
  },
  {
    error: V2_ERRORS.COMMENTS_COUNT_MISMATCH,
    meaning: 'quantity가 댓글 줄 수와 다릅니다 (빼고 보내도 됩니다).',
  },
  {
    error: packageQuantityFixed(100),
    meaning: 'Package의 수량은 정해져 있습니다. quantity를 빼고 보내세요.',
  },
  { error: V2_ERRORS.NOT_ENOUGH_FUNDS, meaning: '포인트가 부족합니다.' },
  {
    error: V2_ERRORS.INCORRECT_LINK,
    meaning: '링크가 http(s) 주소가 아니거나 보이지 않는 문자(방향 전환·폭 없는 공백)가 들어 있습니다.',
  },
  {
    error: V2_ERRORS.ORDER_TOO_LARGE,
    meaning: '주문 금액(자동주문은 모든 회차 합계)이 1회 주문 한도를 넘습니다.',
  },
  { error: V2_ERRORS.INCORRECT_ORDER_ID, meaning: '없는 주문 번호이거나 다른 회원의 주문입니다.' },
  {
    error: V2_ERRORS.ORDER_OVERLAP,
    meaning: '같은 링크로 진행 중인 같은 서비스의 주문이 있습니다. 앞 주문이 끝난 뒤 다시 주문하세요.',
  },
  { error: V2_ERRORS.CANNOT_CANCEL, meaning: '이미 끝났거나 취소할 수 없는 서비스의 주문입니다.' },
  { error: V2_ERRORS.REFILL_DISABLED, meaning: '리필을 지원하지 않는 서비스입니다.' },
  { error: V2_ERRORS.REFILL_NOT_FINISHED, meaning: '완료되었거나 부분 완료된 주문만 리필할 수 있습니다.' },
  {
    error: V2_ERRORS.REFILL_PERIOD_EXPIRED,
    meaning: '리필 기간(주문이 끝난 뒤 서비스의 리필 일수)이 지났습니다.',
  },
  { error: V2_ERRORS.REFILL_ALREADY_OPEN, meaning: '이 주문의 리필이 아직 진행 중입니다.' },
  { error: V2_ERRORS.REFILL_TOO_SOON, meaning: '리필은 주문 하나에 하루 한 번 요청할 수 있습니다.' },
  {
    error: V2_ERRORS.REFILL_UNAVAILABLE,
    meaning: '이 주문은 리필을 보낼 수 없습니다. 고객센터로 문의하세요.',
  },
  { error: V2_ERRORS.INCORRECT_REFILL_ID, meaning: '없는 리필 번호이거나 다른 회원의 리필입니다.' },
  { error: V2_ERRORS.TOO_MANY_REQUESTS, meaning: '요청이 너무 많습니다 (HTTP 429, Retry-After 참고).' },
  {
    error: V2_ERRORS.IDEMPOTENCY_KEY_REUSED,
    meaning: 'add에 보낸 Idempotency-Key 헤더(선택)가 이미 다른 주문에 쓰였습니다.',
  },
];

/**
 * The trade's de facto protocol, for reseller scripts and bots written for other panels: they work
 * here with only the URL and the key changed.
 */
export function V2Section({ origin }: { origin: string }) {
  const endpoint = `${origin}/api/v2`;
  return (
    <DocSection id="v2" title="SMM API v2 (호환)" eyebrow="SMM API v2">
      <p className="api-text">
        다른 SMM 패널용으로 만든 리셀러 스크립트나 봇을 그대로 쓸 수 있습니다. API 주소를{' '}
        <code className="api-nowrap">{endpoint}</code>로 바꾸고, 계정설정에서 발급한 API 키를 <code>key</code>{' '}
        폼 필드로 보내기만 하면 됩니다.
      </p>
      <p className="api-endpoint">
        <MethodBadge method="POST" />
        <code>/api/v2</code>
      </p>
      <ul className="api-list">
        <li>
          요청은 폼 형식(<code>application/x-www-form-urlencoded</code>)으로 <code>key</code>,{' '}
          <code>action</code>과 action별 파라미터를 보냅니다. JSON 본문이나 GET 쿼리 문자열도 받습니다.
        </li>
        <li>
          응답은 언제나 HTTP 200 JSON이고, 실패하면 <code>{JSON.stringify(V2_ERROR_EXAMPLE)}</code>처럼{' '}
          <code>error</code>에 영어 오류 문구가 담깁니다. 요청이 너무 많을 때만 429로 답합니다.
        </li>
        <li>
          금액은 원(KRW)이며 <code>{`"${v2Money(6000)}"`}</code>처럼 소수 둘째 자리까지의 문자열입니다.{' '}
          <code>rate</code>는 1,000개당 가격입니다.
        </li>
      </ul>

      <h3 className="api-subtitle">action 목록</h3>
      <DocTable label="SMM API v2 action 표">
        <thead>
          <tr>
            <th scope="col">action</th>
            <th scope="col">파라미터와 응답</th>
          </tr>
        </thead>
        <tbody>
          {ACTION_ROWS.map((row) => (
            <tr key={`${row.actions.join()}${row.variant ?? ''}`}>
              <td className="api-col-name">
                {row.actions.map((action) => (
                  <code key={action}>{action}</code>
                ))}
                {row.variant && <span className="api-meta">{row.variant}</span>}
              </td>
              <td>
                <dl className="api-action-detail">
                  <div>
                    <dt>파라미터</dt>
                    <dd>{row.params}</dd>
                  </div>
                  <div>
                    <dt>응답</dt>
                    <dd>{row.answer}</dd>
                  </div>
                </dl>
              </td>
            </tr>
          ))}
        </tbody>
      </DocTable>
      {/* No client of the trade sends a ticket action today, so v2 has none (docs/product.md#inquiries). */}
      <p className="api-text" data-testid="v2-no-ticket">
        문의(티켓) action은 없습니다. 주문 문제는 사이트의 1:1 문의로 남겨주세요. 다른 action 이름은{' '}
        <code>{`{"error": "${V2_ERRORS.INCORRECT_REQUEST}"}`}</code>로 답합니다.
      </p>

      <h3 className="api-subtitle">예시</h3>
      <p className="api-text">항목을 눌러 요청과 응답을 펼쳐 보세요.</p>
      <div className="api-examples">
        {EXAMPLES.map(({ name, title, note }) => (
          <details className="api-example" key={name}>
            <summary className="api-example-summary">
              <span className="api-example-title">{title}</span>
              <ChevronDown className="api-example-chevron" size={18} aria-hidden />
            </summary>
            <div className="api-example-body">
              {note && <p className="api-text">{note}</p>}
              <CodeBlock label={`v2 ${title} 요청 예시`} kind="curl" code={v2CurlExample(origin, name)} />
              <JsonBlock label={`v2 ${title} 응답 예시`} value={V2_EXAMPLES[name].response} />
            </div>
          </details>
        ))}
      </div>

      <h3 className="api-subtitle">자주 보는 오류</h3>
      <DocTable label="SMM API v2 오류 표">
        <thead>
          <tr>
            <th scope="col">error</th>
            <th scope="col">의미</th>
          </tr>
        </thead>
        <tbody>
          {ERROR_ROWS.map((row) => (
            <tr key={row.error}>
              <td className="api-col-name">
                <code>{row.error}</code>
              </td>
              <td>{row.meaning}</td>
            </tr>
          ))}
        </tbody>
      </DocTable>
    </DocSection>
  );
}
