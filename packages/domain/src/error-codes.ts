/**
 * The codes of the error catalog (errors.ts), on their own: the web app checks every failed answer's code
 * against this list from its entry chunk, and the catalog's messages import the rules of every screen
 * (order, charge, account, content…). Kept apart, checking a code loads no rule; the catalog is typed
 * against this list, so a code added to one and not the other does not compile.
 */
export const ERROR_CODES = [
  'BAD_REQUEST',
  'REGISTER_INVALID',
  'LOGIN_INVALID',
  'ORDER_INVALID',
  'ADJUSTMENT_INVALID',
  'CHARGE_INVALID',
  'SETTING_INVALID',
  'CONTENT_INVALID',
  'INQUIRY_INVALID',
  'CATALOG_INVALID',
  'REWARD_INVALID',
  'CATALOG_BELOW_COST',
  'CODE_INVALID',
  'RESET_TOKEN_INVALID',
  'SOCIAL_LOGIN_FAILED',
  'UNAUTHORIZED',
  'TOKEN_INVALID',
  'API_KEY_INVALID',
  'SIGNATURE_INVALID',
  'TOKEN_SUSPENDED',
  'FORBIDDEN',
  'ACCOUNT_SUSPENDED',
  'LOGIN_FAILED',
  'NOT_FOUND',
  'ORDER_NOT_FOUND',
  'CHARGE_NOT_FOUND',
  'FIND_ID_NOT_FOUND',
  'SOCIAL_NOT_REGISTERED',
  'EMAIL_TAKEN',
  'PHONE_TAKEN',
  'CURRENT_PASSWORD_WRONG',
  'SOCIAL_ALREADY_REGISTERED',
  'ID_TAKEN',
  'INSUFFICIENT_POINTS',
  'CHARGE_CONFLICT',
  'CHARGE_STATE',
  'INQUIRY_STATE',
  'ORDER_STATE',
  'REFILL_REFUSED',
  'ORDER_CANCEL_REFUSED',
  'CHARGE_WITHDRAW_REFUSED',
  'ORDER_OVERLAP',
  'MEMBER_STATE',
  'REWARD_STATE',
  'CATALOG_CONFLICT',
  'IDEMPOTENCY_KEY_REUSED',
  'TOO_MANY_LOGIN_ATTEMPTS',
  'TOO_MANY_SIGNUPS',
  'TOO_MANY_API_KEYS',
  'TOO_MANY_CODES',
  'TOO_MANY_INVALID_API_KEYS',
  'TOO_MANY_REQUESTS',
  'TOO_MANY_INQUIRY_MESSAGES',
  'FILE_TOO_LARGE',
  'PAYLOAD_TOO_LARGE',
  'INTERNAL',
  'MESSAGE_NOT_SENT',
  'PROVIDER_UNAVAILABLE',
  'SERVICE_UNAVAILABLE',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

const codes: ReadonlySet<string> = new Set(ERROR_CODES);

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && codes.has(value);
}
