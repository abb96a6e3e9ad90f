import { z } from 'zod';

// Absent fields read as '' so the domain rules, not the parser, decide which message comes first.
const text = z.string().max(500).optional().default('');

export const registerBody = z.object({
  id: text,
  password: text,
  email: text,
  registerWhere: text,
  phoneNumber: text,
  sendCode: text,
  referral: text,
  emailCode: text,
});
export type RegisterBody = z.infer<typeof registerBody>;

export const loginBody = z.object({ id: text, password: text });
export type LoginBody = z.infer<typeof loginBody>;
