import { LOGIN_MESSAGES, REGISTER_MESSAGES, SEND_CODE_MESSAGES } from './auth-rules';
import { ACCOUNT_MESSAGES } from './account-rules';
import { CONTENT_MESSAGES } from './admin-content';
import { ACCOUNT_SUSPENDED_MESSAGE } from './admin-members';
import { CHARGE_MESSAGES } from './charge-rules';
import { INQUIRY_MESSAGES } from './inquiry-rules';
import { ORDER_MESSAGES } from './order-rules';
import {
  CHARGE_WITHDRAW_MESSAGES,
  ORDER_CANCEL_MESSAGES,
  ORDER_OVERLAP_MESSAGE,
  REFILL_MESSAGES,
} from './refill-rules';
import { API_KEY_ISSUES_PER_HOUR } from './public-api';
import type { ErrorCode } from './error-codes';

/**
 * The one error catalog of the member and public APIs: a stable code, its HTTP status and the Korean
 * message a member sees. The server throws these codes; the web switches on `ErrorCode` and shows the
 * message. Messages that a rule in this package also uses are taken from that rule, never retyped.
 */
export const ERROR_CATALOG = {
  BAD_REQUEST: { status: 400, message: LOGIN_MESSAGES.BAD_FORM },
  REGISTER_INVALID: { status: 400, message: REGISTER_MESSAGES.FAILED },
  LOGIN_INVALID: { status: 400, message: LOGIN_MESSAGES.BAD_FORM },
  ORDER_INVALID: { status: 400, message: ORDER_MESSAGES.FAILED },
  ADJUSTMENT_INVALID: { status: 400, message: LOGIN_MESSAGES.BAD_FORM },
  CHARGE_INVALID: { status: 400, message: CHARGE_MESSAGES.FAILED },
  /** An operator's setting value the site cannot use (the rule's message says why). */
  SETTING_INVALID: { status: 400, message: LOGIN_MESSAGES.BAD_FORM },
  /** An operator's notice, FAQ, sign-up route or popup the site cannot use (the rule's message says why). */
  CONTENT_INVALID: { status: 400, message: LOGIN_MESSAGES.BAD_FORM },
  /** A 1:1 inquiry's form or message broke a rule of docs/product.md#inquiries; the message says which. */
  INQUIRY_INVALID: { status: 400, message: INQUIRY_MESSAGES.TEXT_EMPTY },
  /** An operator's catalog or provider input a rule refuses (admin-catalog.ts says why). */
  CATALOG_INVALID: { status: 400, message: LOGIN_MESSAGES.BAD_FORM },
  /** An operator's referral-reward action without its memo. */
  REWARD_INVALID: { status: 400, message: '사유를 입력해주세요.' },
  /** A service's price below its provider's or failover's unit cost, not confirmed (price-guard.ts). */
  CATALOG_BELOW_COST: { status: 400, message: LOGIN_MESSAGES.BAD_FORM },
  /** A verification code that is wrong, expired, used, or for another address. */
  CODE_INVALID: { status: 400, message: ACCOUNT_MESSAGES.CODE_INVALID },
  /** A reset link whose token is forged, expired or already used. */
  RESET_TOKEN_INVALID: { status: 400, message: ACCOUNT_MESSAGES.RESET_LINK_INVALID },
  /** The provider refused the code or token, or could not be reached. */
  SOCIAL_LOGIN_FAILED: { status: 400, message: ACCOUNT_MESSAGES.NAVER_LOGIN_FAILED },
  UNAUTHORIZED: { status: 401, message: '로그인이 필요합니다.' },
  TOKEN_INVALID: { status: 401, message: '로그인이 만료되었습니다. 다시 로그인해주세요.' },
  API_KEY_INVALID: { status: 401, message: 'API 키가 올바르지 않습니다.' },
  SIGNATURE_INVALID: { status: 401, message: '서명이 올바르지 않습니다.' },
  /** A login token of a member an operator suspended: 401, so the web app drops it like any dead token. */
  TOKEN_SUSPENDED: { status: 401, message: ACCOUNT_SUSPENDED_MESSAGE },
  FORBIDDEN: { status: 403, message: '권한이 없습니다.' },
  /** Login (password verified first, or Naver / Kakao) of a member an operator suspended. */
  ACCOUNT_SUSPENDED: { status: 403, message: ACCOUNT_SUSPENDED_MESSAGE },
  LOGIN_FAILED: { status: 404, message: LOGIN_MESSAGES.WRONG_CREDENTIALS },
  NOT_FOUND: { status: 404, message: '요청한 주소를 찾을 수 없습니다.' },
  /** Unknown, or another member's: the two are answered alike so no order id is known to exist. */
  ORDER_NOT_FOUND: { status: 404, message: '주문을 찾을 수 없습니다.' },
  /** A charge that is unknown or another member's: answered alike, so no charge id is known to exist. */
  CHARGE_NOT_FOUND: { status: 404, message: '충전 신청을 찾을 수 없습니다.' },
  FIND_ID_NOT_FOUND: { status: 404, message: ACCOUNT_MESSAGES.FIND_ID_NOT_FOUND },
  /** A Naver or Kakao account that is not a member yet: the 404 leads to social registration. */
  SOCIAL_NOT_REGISTERED: { status: 404, message: ACCOUNT_MESSAGES.SOCIAL_NOT_REGISTERED },
  EMAIL_TAKEN: { status: 409, message: SEND_CODE_MESSAGES.EMAIL_EXISTS },
  PHONE_TAKEN: { status: 409, message: SEND_CODE_MESSAGES.PHONE_EXISTS },
  /** Change password: the current password given is not the account's. */
  CURRENT_PASSWORD_WRONG: { status: 409, message: ACCOUNT_MESSAGES.CURRENT_PASSWORD_WRONG },
  SOCIAL_ALREADY_REGISTERED: { status: 409, message: ACCOUNT_MESSAGES.SOCIAL_ALREADY_REGISTERED },
  ID_TAKEN: { status: 409, message: REGISTER_MESSAGES.ID_TAKEN },
  INSUFFICIENT_POINTS: { status: 409, message: ORDER_MESSAGES.INSUFFICIENT_POINTS },
  /** The request would make a deposit ambiguous, or the member has too many pending charges. */
  CHARGE_CONFLICT: { status: 409, message: CHARGE_MESSAGES.FAILED },
  /** An operator action that the charge's or deposit's current state does not allow. */
  CHARGE_STATE: { status: 409, message: '이미 처리된 충전 신청입니다.' },
  /** An inquiry that takes no message now (closed too long ago; for a reply, closed), or too many open at once. */
  INQUIRY_STATE: { status: 409, message: INQUIRY_MESSAGES.CLOSED },
  /** An operator order action the order's current state does not allow (admin-orders.ts says why). */
  ORDER_STATE: { status: 409, message: '처리할 수 없는 주문 상태입니다.' },
  /** A refill the rules refuse (refillRefusal's message is sent). */
  REFILL_REFUSED: { status: 409, message: REFILL_MESSAGES.NOT_ELIGIBLE },
  /** A member's cancellation the rules or the provider refuse (an ORDER_CANCEL_MESSAGES text is sent). */
  ORDER_CANCEL_REFUSED: { status: 409, message: ORDER_CANCEL_MESSAGES.FINAL },
  /** A charge that is no longer pending cannot be withdrawn. */
  CHARGE_WITHDRAW_REFUSED: { status: 409, message: CHARGE_WITHDRAW_MESSAGES.NOT_PENDING },
  /** A second open order of one service for one link (docs/product.md#refill-and-cancellation). */
  ORDER_OVERLAP: { status: 409, message: ORDER_OVERLAP_MESSAGE },
  /** An operator's action on a referral reward its state does not allow (a credited one cannot be withheld). */
  REWARD_STATE: { status: 409, message: '이미 처리된 추천인 적립입니다.' },
  /** A member action the account does not allow (an operator cannot be suspended). */
  MEMBER_STATE: { status: 409, message: '처리할 수 없는 회원 상태입니다.' },
  /** A catalog item (platform, category, service) that others still depend on: it cannot be deleted. */
  CATALOG_CONFLICT: { status: 409, message: '사용 중인 항목은 삭제할 수 없습니다.' },
  /**
   * An Idempotency-Key sent again with a different order (another service, link, quantity, runs or
   * interval): 422 as the IETF httpapi Idempotency-Key draft says; nothing is placed or debited.
   */
  IDEMPOTENCY_KEY_REUSED: {
    status: 422,
    message: '이 Idempotency-Key는 다른 주문에 이미 사용되었습니다. 새 키로 다시 주문해주세요.',
  },
  TOO_MANY_LOGIN_ATTEMPTS: {
    status: 429,
    message: '로그인 시도가 너무 많습니다. 잠시 후 다시 시도해주세요.',
  },
  TOO_MANY_SIGNUPS: { status: 429, message: '회원가입 요청이 너무 많습니다. 잠시 후 다시 시도해주세요.' },
  /** More new API keys than one account may issue in an hour. */
  TOO_MANY_API_KEYS: {
    status: 429,
    message: `API 키는 1시간에 ${API_KEY_ISSUES_PER_HOUR}번까지 발급할 수 있습니다. 잠시 후 다시 시도해주세요.`,
  },
  TOO_MANY_CODES: { status: 429, message: ACCOUNT_MESSAGES.CODE_TOO_SOON },
  /** Too many unknown API keys from one client address: any key from it waits for Retry-After. */
  TOO_MANY_INVALID_API_KEYS: {
    status: 429,
    message: '올바르지 않은 API 키로 보낸 요청이 너무 많습니다. 잠시 후 다시 시도해주세요.',
  },
  TOO_MANY_REQUESTS: { status: 429, message: '요청이 너무 많습니다. 잠시 후 다시 시도해주세요.' },
  /** A member past the inquiry messages of an hour (docs/product.md#inquiries); Retry-After says when. */
  TOO_MANY_INQUIRY_MESSAGES: { status: 429, message: INQUIRY_MESSAGES.TOO_MANY_MESSAGES },
  /** An upload over its size limit (a popup image over POPUP_IMAGE_MAX_BYTES). */
  FILE_TOO_LARGE: { status: 413, message: CONTENT_MESSAGES.IMAGE_TOO_LARGE },
  /** A request body over the server's bodyLimit (64 KiB), refused before any route reads it. */
  PAYLOAD_TOO_LARGE: { status: 413, message: '요청 내용이 너무 큽니다. 내용을 줄여 다시 시도해주세요.' },
  INTERNAL: { status: 500, message: LOGIN_MESSAGES.UNKNOWN },
  /** The SMTP server or the SMS gateway refused the message or did not answer in time. */
  MESSAGE_NOT_SENT: { status: 502, message: '메시지를 보내지 못했습니다. 잠시 후 다시 시도해주세요.' },
  /** An upstream provider did not answer usably (balance check, services list); the message says why. */
  PROVIDER_UNAVAILABLE: { status: 502, message: '공급사가 응답하지 않습니다. 잠시 후 다시 시도해주세요.' },
  /** The server is shedding load (event loop or memory past its limit); Retry-After says when to retry. */
  SERVICE_UNAVAILABLE: {
    status: 503,
    message: '지금은 요청이 많아 처리하지 못했습니다. 잠시 후 다시 시도해주세요.',
  },
} as const satisfies Record<ErrorCode, { status: number; message: string }>;

/** The body of every non-2xx answer. */
export interface ErrorBody {
  message: string;
  code: ErrorCode;
}
