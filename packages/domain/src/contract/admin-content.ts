import { z } from 'zod';
import { requestText } from './common';

/**
 * The console's content calls (notices, FAQ, sign-up routes, popups). Text limits here are only a hard
 * ceiling against abuse; the precise rules and their Korean messages are the domain's
 * (validateNotice, validateFaq, validateRegisterWhere), run by the form and the service alike.
 */

/** `:id` of a content item. Out of range or not a number → 400 before the service. */
export const contentIdParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

export const changedResponse = z.object({ changed: z.boolean() });
export type ChangedResponse = z.infer<typeof changedResponse>;

/** A full reorder: every id of the list exactly once (else 400). */
export const contentOrderRequest = z.object({
  ids: z.array(z.number().int().min(1).max(2_147_483_647)).max(1000),
});

// ---------- notices ----------

export const adminNotice = z.object({
  id: z.number().int(),
  content: z.string(),
  isTop: z.boolean(),
  bgColor: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminNotice = z.infer<typeof adminNotice>;
export const adminNoticesResponse = z.array(adminNotice);

/** POST /admin/api/notices and PUT /admin/api/notices/:id. */
export const noticeRequest = z.object({
  content: requestText(20_000),
  isTop: z.boolean().optional().default(false),
  bgColor: z.string().max(20).nullable().optional().default(null),
});
export type NoticeRequest = z.input<typeof noticeRequest>;
export const noticeResponse = z.object({ notice: adminNotice, changed: z.boolean() });
export type NoticeResponse = z.infer<typeof noticeResponse>;

// ---------- FAQ ----------

export const adminFaq = z.object({ id: z.number().int(), title: z.string(), answer: z.string() });
export type AdminFaq = z.infer<typeof adminFaq>;
export const adminFaqsResponse = z.array(adminFaq);

/** POST /admin/api/faq and PUT /admin/api/faq/:id. */
export const faqRequest = z.object({ title: requestText(2_000), answer: requestText(20_000) });
export type FaqRequest = z.input<typeof faqRequest>;
export const faqResponse = z.object({ faq: adminFaq, changed: z.boolean() });
export type FaqResponse = z.infer<typeof faqResponse>;

// ---------- sign-up routes (register_wheres) ----------

export const adminRegisterWhere = z.object({ id: z.number().int(), text: z.string() });
export type AdminRegisterWhere = z.infer<typeof adminRegisterWhere>;
export const adminRegisterWheresResponse = z.array(adminRegisterWhere);

/** POST /admin/api/register-wheres and PUT /admin/api/register-wheres/:id. */
export const registerWhereRequest = z.object({ text: requestText(500) });
export const registerWhereResponse = z.object({ registerWhere: adminRegisterWhere, changed: z.boolean() });
export type RegisterWhereResponse = z.infer<typeof registerWhereResponse>;

// ---------- popups ----------

export const adminPopup = z.object({
  id: z.number().int(),
  enabled: z.boolean(),
  imageUrl: z.string(),
  createdAt: z.string(),
});
export type AdminPopup = z.infer<typeof adminPopup>;
export const adminPopupsResponse = z.array(adminPopup);

/** PATCH /admin/api/popups/:id — shown to members or not. (POST is multipart: image, enabled?.) */
export const popupPatchRequest = z.object({ enabled: z.boolean() });
export const popupResponse = z.object({ popup: adminPopup, changed: z.boolean() });
export type PopupResponse = z.infer<typeof popupResponse>;
