/**
 * Web-only wording for the auth screens. Rules and their messages live in @smm/domain; these are the
 * success/notice lines SPEC.md §8 gives only in plain language.
 */
export const AUTH_UI_MESSAGES = {
  LOGIN_SUCCESS: '로그인에 성공했습니다.',
  NOT_READY: '준비 중입니다.',
  EMAIL_CODE_SENT: '인증코드가 발송되었습니다.',
  PHONE_CODE_SENT: '인증번호가 발송되었습니다.',
  PHONE_INVALID: '휴대전화 번호가 올바르지 않습니다.',
  SEND_FAILED: '오류가 발생했습니다.',
} as const;
