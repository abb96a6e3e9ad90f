export const API_KEY_MESSAGES = {
  NONE: '발급된 API 키가 없습니다',
  ISSUED: 'API 키가 발급되었습니다.',
  RENEWED: 'API 키가 재발급되었습니다.',
  FAILED: 'API 키를 발급하지 못했습니다. 잠시 후 다시 시도해 주세요.',
} as const;

export const REFERRAL_MESSAGES = {
  NONE: '아직 발급된 추천인 코드가 없습니다',
  COPIED: '추천인 코드가 복사되었습니다.',
  LINK_COPIED: '추천 링크가 복사되었습니다.',
} as const;
