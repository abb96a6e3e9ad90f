import type { FlagKey } from '@smm/domain';

/**
 * Flags whose server side is not built yet (docs/ARCHITECTURE.md "Not built yet"). Turning one on
 * would show the member a step that cannot work — a send-code button calling a missing endpoint, a
 * social login with no callback — and make sign-up impossible, so until its issue lands the server
 * reads it as off and tells the web app the same.
 */
export const UNBUILT_FLAGS: readonly FlagKey[] = [
  // None at present: ENABLE_TOSS_PAYMENT, the last one, is built (docs/product.md#point-charge-page).
  // The list stays so the next flag specified ahead of its feature is read as off the same way.
];

/**
 * Flags whose feature is built but needs server configuration this process lacks: Naver login without
 * NAVER_CLIENT_SECRET, Kakao login without KAKAO_APP_ID. Read as off for the same reason as above (the
 * button would lead to a refusal), whatever an operator stored.
 */
export function unconfiguredFlags(social: { naverClientSecret?: string; kakaoAppId?: number }): FlagKey[] {
  const off: FlagKey[] = [];
  if (!social.naverClientSecret) off.push('ENABLE_SNS_NAVER');
  if (social.kakaoAppId === undefined) off.push('ENABLE_SNS_KAKAO');
  return off;
}
