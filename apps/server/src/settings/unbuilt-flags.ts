import type { FlagKey, ServerVariable } from '@smm/domain';
import type { AppConfig } from '../config';

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
 * The server variables this process lacks, of those some settings need (SETTING_SERVER_NEEDS,
 * docs/product.md#operator-console). Whether each is set, never its value: the console is told the names.
 * SMTP_FROM is present whenever SMTP_HOST is (config.ts refuses one without the other), and so are the
 * two SMS webhook variables: a transport is there or not, and both its names are missing when it is not.
 */
export function missingServerVariables(
  config: Pick<AppConfig, 'social' | 'messaging' | 'charges'>,
): Set<ServerVariable> {
  const missing = new Set<ServerVariable>();
  if (!config.social.naverClientSecret) missing.add('NAVER_CLIENT_SECRET');
  if (config.social.kakaoAppId === undefined) missing.add('KAKAO_APP_ID');
  if (!config.messaging.smtp) for (const name of ['SMTP_HOST', 'SMTP_FROM'] as const) missing.add(name);
  if (!config.messaging.smsWebhook)
    for (const name of ['SMS_WEBHOOK_URL', 'SMS_WEBHOOK_SECRET'] as const) missing.add(name);
  if (!config.charges.depositWebhookSecret) missing.add('DEPOSIT_WEBHOOK_SECRET');
  return missing;
}
