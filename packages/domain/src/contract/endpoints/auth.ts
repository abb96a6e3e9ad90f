import { endpoint } from '../endpoint';

/** Sign-up, sign-in, the member's own account and its recovery (docs/product.md#sessions). */
export const authApi = {
  register: endpoint({
    method: 'POST',
    path: '/auth/register',
    body: 'registerRequest',
    response: 'messageBody',
    status: 201,
  }),
  login: endpoint({ method: 'POST', path: '/auth/login', body: 'loginRequest', response: 'loginResponse' }),
  /** A social login's 404 is a member-to-be (with the provider's token) or the provider being off. */
  loginNaver: endpoint({
    method: 'POST',
    path: '/auth/login/naver',
    body: 'naverLoginRequest',
    response: 'loginResponse',
    errors: { 404: 'socialLoginRefusal' },
  }),
  loginKakao: endpoint({
    method: 'POST',
    path: '/auth/login/kakao',
    body: 'kakaoLoginRequest',
    response: 'loginResponse',
    errors: { 404: 'socialLoginRefusal' },
  }),
  registerNaver: endpoint({
    method: 'POST',
    path: '/auth/register/naver',
    body: 'socialRegisterRequest',
    response: 'messageBody',
    status: 201,
  }),
  registerKakao: endpoint({
    method: 'POST',
    path: '/auth/register/kakao',
    body: 'socialRegisterRequest',
    response: 'messageBody',
    status: 201,
  }),
  /** A browser navigation (the login popup), answered with a 302 to Naver's sign-in page. */
  naverAuthorize: endpoint({ method: 'GET', path: '/auth/naver/authorize', query: 'naverAuthorizeQuery' }),
  sendEmailCode: endpoint({
    method: 'POST',
    path: '/auth/send-email',
    body: 'sendEmailCodeRequest',
    response: 'messageBody',
  }),
  sendPhoneCode: endpoint({
    method: 'POST',
    path: '/auth/send-phone-number',
    body: 'sendPhoneCodeRequest',
    response: 'messageBody',
  }),
  profile: endpoint({ method: 'GET', path: '/auth/profile', response: 'profileResponse' }),
  issueApiKey: endpoint({ method: 'POST', path: '/auth/api-key', response: 'apiKeyResponse' }),
  issueReferralCode: endpoint({
    method: 'POST',
    path: '/auth/referral-code',
    response: 'referralCodeResponse',
  }),
  changePassword: endpoint({
    method: 'POST',
    path: '/auth/change-password',
    body: 'changePasswordRequest',
    response: 'messageBody',
  }),
  deleteAccount: endpoint({ method: 'DELETE', path: '/auth/account', response: 'messageBody' }),
  findId: endpoint({
    method: 'POST',
    path: '/service/find-id',
    body: 'findIdRequest',
    response: 'findIdResponse',
  }),
  findPassword: endpoint({
    method: 'POST',
    path: '/service/find-password',
    body: 'findPasswordRequest',
    response: 'messageBody',
  }),
  resetPassword: endpoint({
    method: 'POST',
    path: '/service/reset-password',
    body: 'resetPasswordRequest',
    response: 'messageBody',
  }),
};
