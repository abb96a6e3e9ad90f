/**
 * The one error catalogue: a stable code, its HTTP status and the Korean message a member sees.
 * Services throw `appError(code)`; the error handler turns it into `{ message, code }`.
 */
export const ERROR_CATALOGUE = {
  BAD_REQUEST: { status: 400, message: '입력 양식을 맞춰주세요.' },
  REGISTER_INVALID: { status: 400, message: '회원가입에 실패했습니다.' },
  LOGIN_INVALID: { status: 400, message: '입력 양식을 맞춰주세요.' },
  UNAUTHORIZED: { status: 401, message: '로그인이 필요합니다.' },
  TOKEN_INVALID: { status: 401, message: '로그인이 만료되었습니다. 다시 로그인해주세요.' },
  FORBIDDEN: { status: 403, message: '권한이 없습니다.' },
  LOGIN_FAILED: { status: 404, message: '아이디 또는 비밀번호가 다릅니다.' },
  NOT_FOUND: { status: 404, message: '요청한 주소를 찾을 수 없습니다.' },
  ID_TAKEN: { status: 409, message: '이미 사용 중인 아이디입니다.' },
  TOO_MANY_LOGIN_ATTEMPTS: {
    status: 429,
    message: '로그인 시도가 너무 많습니다. 잠시 후 다시 시도해주세요.',
  },
  TOO_MANY_REQUESTS: { status: 429, message: '요청이 너무 많습니다. 잠시 후 다시 시도해주세요.' },
  INTERNAL: { status: 500, message: '오류가 발생했습니다.' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;

export class AppError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message?: string,
  ) {
    super(message ?? ERROR_CATALOGUE[code].message);
    this.name = 'AppError';
    this.status = ERROR_CATALOGUE[code].status;
  }
}

/** `message` overrides the catalogue text when a rule has a more precise one (e.g. a sign-up rule). */
export function appError(code: ErrorCode, message?: string): AppError {
  return new AppError(code, message);
}
