/**
 * Web-only wording for the auth screens. Rules and their messages live in @smm/domain; these are the
 * notice lines of the login screen.
 */
export const AUTH_UI_MESSAGES = {
  LOGIN_SUCCESS: '로그인에 성공했습니다.',
  NOT_READY: '준비 중입니다.',
} as const;
