import type { Profile } from './contract/auth';

/** Session states of the web app, with their fixed numbers (docs/product.md#sessions). */
export const SessionState = {
  UN_AUTHORIZATION: 0,
  GUEST: 1,
  AUTHORIZATION: 2,
  LOADING: 3,
} as const;
export type SessionState = (typeof SessionState)[keyof typeof SessionState];

/**
 * Shown in place of the member id while browsing as a guest (docs/product.md#sessions: the guest's made-up
 * profile).
 */
export const GUEST_LABEL = '둘러보기 회원';

/**
 * A guest is refused every account action (API key, referral code, password change,
 * deletion) with the message that it is impossible in browse-only mode (docs/product.md#sessions).
 */
export const BROWSE_ONLY_MESSAGE = '둘러보기 모드에서는 불가능합니다.';

export type { Profile } from './contract/auth';

export const GUEST_PROFILE: Profile = { id: GUEST_LABEL, point: 0, apiKey: null };

export const STORAGE_KEYS = {
  JWT: 'jwt',
  DARK_MODE: 'DARK_MODE',
  POPUP_HIDDEN: 'popup-hidden',
  REMEMBERED_ID: 'remembered-id',
  /** The phone's "use landscape" hint was closed: it stays closed on later loads. */
  MOBILE_BANNER_CLOSED: 'mobile-banner-closed',
  /** A random token of this browser, sent with a sign-up (a referral from one device is held for an operator). */
  DEVICE: 'device',
} as const;

/** Roles on an account. Guests have no server identity at all. */
export const Role = { MEMBER: 'member', ADMIN: 'admin' } as const;
export type Role = (typeof Role)[keyof typeof Role];
