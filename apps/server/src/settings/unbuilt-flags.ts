import type { FlagKey } from '@smm/domain';

/**
 * Flags whose server side is not built yet (docs/ARCHITECTURE.md "Not built yet"). Turning one on
 * would show the member a step that cannot work — a send-code button calling a missing endpoint, a
 * social login with no callback — and make sign-up impossible, so until its issue lands the server
 * reads it as off and tells the web app the same.
 */
export const UNBUILT_FLAGS: readonly FlagKey[] = [
  'ENABLE_EMAIL_VERIFY', // e-mail codes, find id / password (accounts issue)
  'ENABLE_PHONE_NUMBER', // SMS codes (accounts issue)
  'ENABLE_SNS_NAVER', // naver login (accounts issue)
  'ENABLE_SNS_KAKAO', // kakao login (accounts issue)
  'ENABLE_TOSS_PAYMENT', // transfer-app deep link on the charge screen (points issue)
];
