import { z } from 'zod';
import { errorBody, requestText } from './common';

/** POST /auth/login */
export const loginRequest = z.object({ id: requestText(), password: requestText() });
export type LoginRequest = z.infer<typeof loginRequest>;
export const loginResponse = z.object({ accessToken: z.string() });
export type LoginResponse = z.infer<typeof loginResponse>;

/** POST /auth/register — docs/product.md#data-shapes; passwordRe is form-only. */
export const registerRequest = z.object({
  id: requestText(),
  password: requestText(),
  email: requestText(),
  registerWhere: requestText(),
  phoneNumber: requestText(),
  sendCode: requestText(),
  referral: requestText(),
  emailCode: requestText(),
  /** The web app's device token (a random text it keeps on the device): a referral from the same device is held. */
  device: requestText(64),
});
export type RegisterRequest = z.infer<typeof registerRequest>;

/** GET /auth/profile — docs/product.md#data-shapes. */
export const profileResponse = z.object({
  id: z.string(),
  point: z.number().int(),
  /**
   * The key masked (`smm_3f9a2c1b…Xy1Z`: its public prefix and last four characters) once a key is
   * issued, else null. The key itself is stored hashed and shown in full only when it is issued
   * (POST /auth/api-key).
   */
  apiKey: z.string().nullable(),
  referralCode: z.string().optional(),
  /** 'admin' for an operator (the web app then offers the console at /admin); absent for members. */
  role: z.literal('admin').optional(),
  /** Inquiries with a reply the member has not read (the top bar's 1:1 문의 badge); absent when none. */
  inquiryUnread: z.number().int().optional(),
});
export type Profile = z.infer<typeof profileResponse>;

// ─── Accounts: codes, recovery, account settings, Naver and Kakao ─────────────────────────────────────

/** POST /auth/send-email — a 5-character code to that address (409 when it is already registered). */
export const sendEmailCodeRequest = z.object({ email: requestText(254) });
export type SendEmailCodeRequest = z.infer<typeof sendEmailCodeRequest>;

/** POST /auth/send-phone-number — a 5-character code by text message (409 when already registered). */
export const sendPhoneCodeRequest = z.object({ phoneNumber: requestText(20) });
export type SendPhoneCodeRequest = z.infer<typeof sendPhoneCodeRequest>;

/** POST /service/find-id — the id registered with that e-mail (masked, see docs/ARCHITECTURE.md). */
export const findIdRequest = z.object({ email: requestText(254) });
export type FindIdRequest = z.infer<typeof findIdRequest>;
export const findIdResponse = z.object({ userId: z.string() });
export type FindIdResponse = z.infer<typeof findIdResponse>;

/** POST /service/find-password — mails a reset link; the same answer for unknown addresses. */
export const findPasswordRequest = z.object({ email: requestText(254) });
export type FindPasswordRequest = z.infer<typeof findPasswordRequest>;

/** POST /service/reset-password — the link's token (single use, `exp` in seconds) and the new password. */
export const resetPasswordRequest = z.object({ token: requestText(2000), password: requestText() });
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequest>;

/** POST /auth/change-password — 409 when the current password is wrong. */
export const changePasswordRequest = z.object({ currentPassword: requestText(), newPassword: requestText() });
export type ChangePasswordRequest = z.infer<typeof changePasswordRequest>;

/** POST /auth/referral-code — issued once; asking again returns the same code. */
export const referralCodeResponse = z.object({ referralCode: z.string() });
export type ReferralCodeResponse = z.infer<typeof referralCodeResponse>;

/** POST /auth/login/naver — the authorization code the popup's callback page posted to its opener. */
export const naverLoginRequest = z.object({ code: requestText(1000), state: requestText(200) });
export type NaverLoginRequest = z.infer<typeof naverLoginRequest>;

/** POST /auth/login/kakao — the access token the Kakao SDK obtained. */
export const kakaoLoginRequest = z.object({ accessToken: requestText(2000) });
export type KakaoLoginRequest = z.infer<typeof kakaoLoginRequest>;

/**
 * The 404 of a social login whose provider account is not a member yet (docs/product.md#error-answers):
 * `accessToken` is the provider's access token, which the web passes on to /register/naver|kakao.
 */
export const socialNotRegisteredBody = z.object({
  message: z.string(),
  code: z.string(),
  accessToken: z.string(),
});
/** The Naver popup's `state`: made by the web app, echoed by Naver, 8–64 URL-safe characters. */
export const naverAuthorizeQuery = z.object({ state: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/) });

export type SocialNotRegisteredBody = z.infer<typeof socialNotRegisteredBody>;

/**
 * A social login's 404: either "not a member yet" (socialNotRegisteredBody, with the provider's token)
 * or the provider being off (the usual error body).
 */
export const socialLoginRefusal = z.union([socialNotRegisteredBody, errorBody]);

/** POST /auth/register/naver and /auth/register/kakao — docs/product.md#data-shapes. */
export const socialRegisterRequest = z.object({
  registerWhere: requestText(),
  phoneNumber: requestText(20),
  sendCode: requestText(20),
  referral: requestText(50),
  accessToken: requestText(2000),
  device: requestText(64),
});
export type SocialRegisterRequest = z.infer<typeof socialRegisterRequest>;
