import { z } from 'zod';
import { requestText } from './common';

/** POST /auth/login */
export const loginRequest = z.object({ id: requestText(), password: requestText() });
export type LoginRequest = z.infer<typeof loginRequest>;
export const loginResponse = z.object({ accessToken: z.string() });
export type LoginResponse = z.infer<typeof loginResponse>;

/** POST /auth/register — SPEC.md §3 "Registration payload (plain)"; passwordRe is form-only. */
export const registerRequest = z.object({
  id: requestText(),
  password: requestText(),
  email: requestText(),
  registerWhere: requestText(),
  phoneNumber: requestText(),
  sendCode: requestText(),
  referral: requestText(),
  emailCode: requestText(),
});
export type RegisterRequest = z.infer<typeof registerRequest>;

/** GET /auth/profile — SPEC.md §3 "Profile". */
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
});
export type Profile = z.infer<typeof profileResponse>;
