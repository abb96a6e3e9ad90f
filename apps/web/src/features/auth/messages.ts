/**
 * Web-only wording for the auth screens. Rules and their messages live in @smm/domain; these are the
 * lines only a browser needs.
 */
export const AUTH_UI_MESSAGES = {
  POPUP_BLOCKED: '팝업이 차단되었습니다. 브라우저에서 이 사이트의 팝업을 허용해주세요.',
} as const;
