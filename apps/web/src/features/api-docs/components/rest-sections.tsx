import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router';
import { publicRestApi } from '@smm/domain/endpoints';
import { Copy, KeyRound } from 'lucide-react';
import {
  API_KEY_HEADER,
  API_KEY_PLACEHOLDER,
  curlExample,
  ORDER_STATUSES,
  PUBLIC_STATUS_MEANINGS,
  REFILL_STATUS_LABELS,
  REFILL_STATUSES,
  refillStatusText,
  REST_ERROR_EXAMPLES,
  REST_EXAMPLES,
  REST_STATUS_TEXTS,
  V2_STATUS_TEXTS,
  type ErrorCode,
} from '@smm/domain';
import { Button } from '@/components/ui/button';
import { paths } from '@/lib/paths';
import { JsonBlock } from './code-block';
import { copyText } from '@/lib/clipboard';
import { DocSection, EndpointSection } from './doc-section';
import { DocTable, type ParamRow } from './doc-tables';

/** An endpoint's path as the REST reference writes it: `{wId}` for a path parameter. */
const docPath = (endpoint: { path: string }) => endpoint.path.replace(/:(\w+)/g, '{$1}');

const API_KEY_PARAM: ParamRow = {
  name: API_KEY_HEADER,
  where: '헤더',
  type: 'string',
  required: true,
  description: '계정설정에서 발급받은 API 키',
};

/** Base URL, authentication and format: what every call shares. */
export function OverviewSection({ origin }: { origin: string }) {
  const baseUrl = `${origin}/api`;
  return (
    <DocSection id="overview" title="시작하기">
      <p className="api-text">
        개인 API 키로 서비스 목록 조회, 주문, 주문 상태 확인, 리필 요청과 주문 취소를 프로그램에서 자동으로 할
        수 있습니다. API로 넣은 주문도 사이트에서 주문한 것과 똑같이 포인트에서 차감되고 주문내역에
        표시됩니다.
      </p>
      <DocTable label="기본 정보" className="api-table-facts">
        <tbody>
          <tr>
            <th scope="row">Base URL</th>
            <td>
              <span className="api-base-url">
                <code>{baseUrl}</code>
                <Button
                  variant="outline"
                  size="sm"
                  aria-label="Base URL 복사"
                  onClick={() => void copyText(baseUrl)}
                >
                  <Copy size={14} aria-hidden /> 복사
                </Button>
              </span>
            </td>
          </tr>
          <tr>
            <th scope="row">인증</th>
            <td>
              모든 요청의 헤더에 API 키를 넣습니다: <code>{`${API_KEY_HEADER}: ${API_KEY_PLACEHOLDER}`}</code>
            </td>
          </tr>
          <tr>
            <th scope="row">응답 형식</th>
            <td>
              JSON 형식 (UTF-8). 주문하기의 요청 본문도 JSON으로 보냅니다:{' '}
              <code>content-type: application/json</code>
            </td>
          </tr>
          <tr>
            <th scope="row">OpenAPI</th>
            <td>
              <a className="api-link" href={publicRestApi.openapi.path} target="_blank" rel="noreferrer">
                {publicRestApi.openapi.path}
              </a>{' '}
              — OpenAPI 3 문서로 Postman이나 코드 생성기에서 바로 불러올 수 있습니다.
            </td>
          </tr>
        </tbody>
      </DocTable>
      <div className="api-callout">
        <KeyRound size={20} aria-hidden />
        <p>
          <strong>API 키 발급은 계정설정에서</strong> 할 수 있습니다. 키는 발급할 때 한 번만 전체가 표시되고,
          재발급하면 이전 키는 바로 사용할 수 없습니다.{' '}
          <Link className="api-link" to={paths.account}>
            계정설정으로 가기
          </Link>
        </p>
      </div>
    </DocSection>
  );
}

export function GetServicesSection({ origin }: { origin: string }) {
  return (
    <EndpointSection
      id="get-services"
      title="서비스 목록"
      eyebrow="Get Services"
      method="GET"
      path={docPath(publicRestApi.services)}
      description="주문할 수 있는 서비스 목록을 돌려줍니다. 주문할 때는 여기서 받은 id를 serviceId로 보냅니다."
      params={[API_KEY_PARAM]}
      curl={curlExample(origin, 'services')}
      fields={[
        { name: 'id', type: 'number', description: '서비스 번호' },
        { name: 'text', type: 'string', description: '서비스 이름' },
        { name: 'min', type: 'number', description: '최소 주문 수량' },
        { name: 'max', type: 'number', description: '최대 주문 수량' },
        {
          name: 'price',
          type: 'number',
          description:
            '1개당 가격(원). 0.35처럼 소수일 수 있고, 주문 금액은 price × amount를 원 단위로 올림합니다.',
        },
        { name: 'category', type: 'string', description: '카테고리 이름' },
        { name: 'refill', type: 'boolean', description: '리필을 요청할 수 있는 서비스인지' },
        {
          name: 'refillDays',
          type: 'number',
          description: '주문이 끝난 뒤 리필을 요청할 수 있는 기간(일). 0이면 리필이 없습니다.',
        },
        { name: 'cancel', type: 'boolean', description: '진행 중인 주문을 취소할 수 있는 서비스인지' },
      ]}
      response={REST_EXAMPLES.services}
    />
  );
}

export function OrderSection({ origin }: { origin: string }) {
  return (
    <EndpointSection
      id="order"
      title="주문하기"
      eyebrow="Order Services"
      method="POST"
      path={docPath(publicRestApi.order)}
      description="서비스를 주문합니다. 사이트에서 주문할 때와 같은 규칙이 적용되고, 주문 금액이 포인트에서 바로 차감됩니다."
      params={[
        API_KEY_PARAM,
        {
          name: 'serviceId',
          where: '본문',
          type: 'number',
          required: true,
          description: '서비스 번호 (서비스 목록의 id)',
        },
        {
          name: 'link',
          where: '본문',
          type: 'string',
          required: true,
          description: '주문할 게시물이나 계정의 링크 (http:// 또는 https://로 시작)',
        },
        {
          name: 'amount',
          where: '본문',
          type: 'number',
          required: true,
          description: '주문 수량: 서비스의 min 이상 max 이하인 정수',
        },
        {
          name: 'Idempotency-Key',
          where: '헤더',
          type: 'string',
          required: false,
          description:
            '주문마다 새로 만든 키(UUID 등, 100자 이하). 응답을 못 받아 같은 키로 다시 보내면 새 주문 없이 처음 주문의 결과를 돌려줍니다. 같은 키로 다른 주문을 보내면 422입니다.',
        },
      ]}
      curl={curlExample(origin, 'order')}
      fields={[{ name: 'wId', type: 'number', description: '주문 번호. 주문 상태를 조회할 때 씁니다.' }]}
      response={REST_EXAMPLES.orderResponse}
    />
  );
}

export function OrderStatusSection({ origin }: { origin: string }) {
  return (
    <EndpointSection
      id="status"
      title="주문 상태"
      eyebrow="Order Status"
      method="GET"
      path={docPath(publicRestApi.status)}
      description="주문의 진행 상태와 남은 수량을 돌려줍니다. 내 계정의 주문만 조회할 수 있습니다."
      params={[
        API_KEY_PARAM,
        {
          name: 'wId',
          where: '경로',
          type: 'number',
          required: true,
          description: '주문하기에서 받은 주문 번호',
        },
      ]}
      curl={curlExample(origin, 'status')}
      fields={[
        {
          name: 'status',
          type: 'string',
          description: (
            <>
              주문 상태 (<a href="#statuses">주문 상태 값</a> 참고)
            </>
          ),
        },
        { name: 'remains', type: 'number', description: '아직 처리되지 않은 수량' },
      ]}
      response={REST_EXAMPLES.statusResponse}
    />
  );
}

const orderIdParam = (description: string): ParamRow => ({
  name: 'wId',
  where: '경로',
  type: 'number',
  required: true,
  description,
});

const refillFields = [
  { name: 'refill', type: 'number', description: '리필 번호. 리필 상태를 조회할 때 씁니다.' },
  { name: 'wId', type: 'number', description: '리필한 주문의 번호' },
  {
    name: 'status',
    type: 'string',
    description: (
      <>
        리필 상태:{' '}
        {REFILL_STATUSES.map(
          (status) => `${refillStatusText(status)} (${REFILL_STATUS_LABELS[status]})`,
        ).join(', ')}
      </>
    ),
  },
  {
    name: 'reason',
    type: 'string | null',
    description: '공급사가 거절한 이유 (Rejected일 때), 그 밖에는 null',
  },
] as const;

export function RefillSection({ origin }: { origin: string }) {
  return (
    <EndpointSection
      id="refill"
      title="리필 요청"
      eyebrow="Refill"
      method="POST"
      path={docPath(publicRestApi.refill)}
      description="완료되었거나 부분 완료된 주문의 리필을 요청합니다. 리필을 지원하는 서비스(서비스 목록의 refill)만, 주문이 끝난 뒤 refillDays일 안에, 주문 하나에 진행 중인 리필 하나와 하루 한 번까지 요청할 수 있습니다. 리필은 포인트를 쓰지 않습니다."
      params={[API_KEY_PARAM, orderIdParam('리필할 주문의 번호')]}
      curl={curlExample(origin, 'refill')}
      fields={refillFields}
      response={REST_EXAMPLES.refillResponse}
    />
  );
}

export function RefillStatusSection({ origin }: { origin: string }) {
  return (
    <EndpointSection
      id="refill-status"
      title="리필 상태"
      eyebrow="Refill Status"
      method="GET"
      path={docPath(publicRestApi.refillStatus)}
      description="리필 요청의 진행 상태를 돌려줍니다. 내 계정의 리필만 조회할 수 있습니다."
      params={[
        API_KEY_PARAM,
        {
          name: 'refillId',
          where: '경로',
          type: 'number',
          required: true,
          description: '리필 요청에서 받은 리필 번호 (refill)',
        },
      ]}
      curl={curlExample(origin, 'refillStatus')}
      fields={refillFields}
      response={REST_EXAMPLES.refillStatusResponse}
    />
  );
}

export function CancelSection({ origin }: { origin: string }) {
  return (
    <EndpointSection
      id="cancel"
      title="주문 취소"
      eyebrow="Cancel"
      method="POST"
      path={docPath(publicRestApi.cancel)}
      description="진행 중인 주문이나 자동주문을 취소합니다(서비스 목록의 cancel이 true인 서비스만). 아직 공급사에 보내지 않은 주문은 바로 취소되고 전액 환불됩니다. 공급사에 보낸 주문은 공급사에 취소를 요청하고, 공급사가 취소(Canceled)나 부분 완료(Partial)를 알려 오면 처리되지 않은 만큼 환불됩니다."
      params={[API_KEY_PARAM, orderIdParam('취소할 주문(또는 자동주문)의 번호')]}
      curl={curlExample(origin, 'cancel')}
      fields={[
        { name: 'wId', type: 'number', description: '취소한 주문의 번호' },
        {
          name: 'outcome',
          type: 'string',
          description: (
            <>
              <code>cancelled</code>: 바로 취소되고 환불됨, <code>requested</code>: 공급사에 취소를 요청함
            </>
          ),
        },
        { name: 'refunded', type: 'number', description: '지금 환불된 포인트(원). requested이면 0' },
        { name: 'message', type: 'string', description: '사이트에서 보여 주는 것과 같은 안내 문구' },
      ]}
      response={REST_EXAMPLES.cancelResponse}
    />
  );
}

/** REST_STATUS_TEXTS and V2_STATUS_TEXTS are indexed by the order status number. */
export function StatusSection() {
  return (
    <DocSection id="statuses" title="주문 상태 값">
      <p className="api-text">
        <code>status</code>는 아래 값 중 하나입니다. SMM API v2는 같은 상태를 첫 글자만 대문자로 씁니다.
      </p>
      <DocTable label="주문 상태 값 표">
        <thead>
          <tr>
            <th scope="col">status · v2</th>
            <th scope="col">의미</th>
          </tr>
        </thead>
        <tbody>
          {ORDER_STATUSES.map((status) => (
            <tr key={status}>
              <td className="api-col-name">
                <code>{REST_STATUS_TEXTS[status]}</code>
                <code>{V2_STATUS_TEXTS[status]}</code>
              </td>
              <td>{PUBLIC_STATUS_MEANINGS[status]}</td>
            </tr>
          ))}
        </tbody>
      </DocTable>
    </DocSection>
  );
}

/** INSUFFICIENT_POINTS may wrap after an underscore on a phone, never inside a word. */
function breakableAtUnderscores(code: string): ReactNode {
  return code.split('_').map((part, index) => (
    <Fragment key={index}>
      {index > 0 && (
        <>
          _<wbr />
        </>
      )}
      {part}
    </Fragment>
  ));
}

const ERROR_ROWS = [
  {
    status: 400,
    codes: ['BAD_REQUEST', REST_ERROR_EXAMPLES.badRequest.code],
    when: '요청 형식이 틀렸거나 주문 규칙(수량 범위, 링크 형식 등)에 맞지 않습니다. message에 이유가 있습니다.',
  },
  {
    status: 401,
    codes: [REST_ERROR_EXAMPLES.badKey.code],
    when: 'api-key 헤더가 없거나 키가 틀렸습니다. 재발급으로 폐기된 키도 여기에 해당합니다.',
  },
  {
    status: 404,
    codes: [REST_ERROR_EXAMPLES.notFound.code, 'NOT_FOUND'],
    when: '없는 주문(리필) 번호이거나 다른 회원의 주문(리필)입니다.',
  },
  {
    status: 409,
    codes: [
      REST_ERROR_EXAMPLES.insufficientPoints.code,
      'ORDER_OVERLAP',
      REST_ERROR_EXAMPLES.refillRefused.code,
      REST_ERROR_EXAMPLES.cancelRefused.code,
    ],
    when: '포인트가 부족하거나, 같은 링크로 진행 중인 같은 서비스의 주문이 있거나, 리필·취소를 할 수 없는 주문입니다(끝나지 않은 주문, 리필 기간이 지난 주문, 이미 진행 중인 리필, 취소할 수 없는 서비스 등). message에 이유가 있습니다.',
  },
  {
    status: 422,
    codes: ['IDEMPOTENCY_KEY_REUSED'],
    when: '이미 다른 주문에 쓴 Idempotency-Key입니다. 주문마다 새 키를 만드세요.',
  },
  {
    status: 429,
    codes: [REST_ERROR_EXAMPLES.tooManyRequests.code, 'TOO_MANY_INVALID_API_KEYS'],
    when: '짧은 시간에 요청이 너무 많거나, 한 주소에서 틀린 API 키를 너무 많이 보냈습니다(그동안은 그 주소의 모든 키가 거절됩니다). Retry-After 헤더의 초만큼 기다린 뒤 다시 요청하세요.',
  },
] satisfies readonly { status: number; codes: readonly ErrorCode[]; when: string }[];

export function ErrorsSection() {
  return (
    <DocSection id="errors" title="오류">
      <p className="api-text">
        실패한 요청은 HTTP 상태 코드와 함께 <code>message</code>(한국어 설명)와 <code>code</code>를 담은
        JSON을 돌려줍니다. 프로그램에서는 <code>code</code>로 구분하세요.
      </p>
      <DocTable label="오류 표">
        <thead>
          <tr>
            <th scope="col">HTTP 상태 · code</th>
            <th scope="col">설명</th>
          </tr>
        </thead>
        <tbody>
          {ERROR_ROWS.map((row) => (
            <tr key={row.status}>
              <td className="api-col-name">
                <strong className="api-status">{row.status}</strong>
                {row.codes.map((code) => (
                  <code key={code} className="api-breakable">
                    {breakableAtUnderscores(code)}
                  </code>
                ))}
              </td>
              <td>{row.when}</td>
            </tr>
          ))}
        </tbody>
      </DocTable>
      <h3 className="api-subtitle">오류 응답 예시 (401)</h3>
      <JsonBlock label="오류 응답 예시" value={REST_ERROR_EXAMPLES.badKey} />
    </DocSection>
  );
}
