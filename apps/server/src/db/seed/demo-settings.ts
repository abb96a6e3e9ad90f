import type { SettingKey } from '@smm/domain';

/**
 * Every key of docs/product.md#site-settings with a value a demo can run on. Feature flags stay off unless
 * the demo needs them (FAQ on, tax invoice on); SNS and verification flags need real credentials, so off.
 */
export const DEMO_SETTINGS: Record<SettingKey, string> = {
  FOOTER_COMPANY: '(주)소셜부스트',
  FOOTER_ADDRESS: '서울특별시 강남구 테헤란로 123, 7층',
  FOOTER_CORPORATION_NUMBER: '123-45-67890',
  FOOTER_CORPORATION_MARKET_NUMBER: '제2026-서울강남-01234호',
  FOOTER_CEO: '김민준',
  FOOTER_CEO_PHONE_NUMBER: '02-1234-5678',
  BANKING_NAME: '국민은행',
  BANKING_DISPLAY_TEXT: '(주)소셜부스트',
  BANKING_ACCOUNT_NUMBER: '123456-01-234567',
  BANKING_BANKING_CODE: '004',
  SITE_KAKAO_CHANNEL_LINK: 'https://pf.kakao.com/_socialboost',
  SITE_KAKAO_TEXT: '카카오톡 상담',
  SITE_MAIN_COLOR: '#4f46e5',
  ENABLE_PAYMENT_FEE: 'true',
  ENABLE_PAYMENT_TYPE: 'ALL',
  ENABLE_CHARGE_DISTINCT_AMOUNT: 'false',
  ALLOW_OVERLAPPING_ORDERS: 'false',
  ENABLE_PHONE_NUMBER: 'false',
  ENABLE_SERVICE_CHECK: 'false',
  ENABLE_REFERRAL: 'false',
  ENABLE_VISIBLE_SERVICE_ID: 'false',
  ENABLE_SNS_NAVER: 'false',
  ENABLE_SNS_KAKAO: 'false',
  ENABLE_EMAIL_VERIFY: 'false',
  ENABLE_TOSS_PAYMENT: 'false',
  ENABLE_QNA: 'true',
  POINT_CHARGE_BUTTON_OPTIONS: '[10000,30000,50000,100000,300000]',
  CHARGE_BONUS_TIERS: '100000:3, 500000:5',
  REFERRAL_REWARD_PERCENT: '3',
  REFERRAL_HOLD_DAYS: '7',
  SNS_NAVER_CLIENT_ID: '',
  SNS_NAVER_STATE: '',
  SNS_NAVER_REDIRECT_URL: '',
  SNS_KAKAO_TOKEN: '',
};
