import { endpoint } from '../endpoint';

/**
 * A member's 1:1 문의 (docs/product.md#inquiries): their own inquiries only (another's id is a 404). A
 * new inquiry and a message are multipart forms: the text fields and an optional `image`.
 */
export const inquiriesApi = {
  list: endpoint({
    method: 'GET',
    path: '/service/inquiries',
    query: 'inquiriesQuery',
    response: 'inquiriesResponse',
  }),
  /** multipart: type, title, text, orderId | chargeId, image (optional). */
  create: endpoint({ method: 'POST', path: '/service/inquiries', form: true, response: 'inquiryThread' }),
  unread: endpoint({ method: 'GET', path: '/service/inquiries/unread', response: 'inquiryUnreadResponse' }),
  /** Opening the thread marks its replies read. */
  thread: endpoint({
    method: 'GET',
    path: '/service/inquiries/:id',
    params: 'inquiryPathParams',
    response: 'inquiryThread',
  }),
  /** multipart: text, image (optional). A closed inquiry opens again within INQUIRY_REOPEN_DAYS. */
  write: endpoint({
    method: 'POST',
    path: '/service/inquiries/:id/messages',
    params: 'inquiryPathParams',
    form: true,
    response: 'inquiryThread',
  }),
  /** The image of one of the thread's messages (bytes, not JSON). */
  attachment: endpoint({
    method: 'GET',
    path: '/service/inquiries/:id/attachments/:name',
    params: 'inquiryAttachmentParams',
  }),
};

/** The console's inquiry queue. Operators only; every action is in the audit log. */
export const adminInquiriesApi = {
  list: endpoint({
    method: 'GET',
    path: '/admin/api/inquiries',
    query: 'adminInquiriesQuery',
    response: 'adminInquiriesResponse',
  }),
  thread: endpoint({
    method: 'GET',
    path: '/admin/api/inquiries/:id',
    params: 'inquiryPathParams',
    response: 'adminInquiryThread',
  }),
  reply: endpoint({
    method: 'POST',
    path: '/admin/api/inquiries/:id/reply',
    params: 'inquiryPathParams',
    body: 'adminInquiryTextRequest',
    response: 'adminInquiryThread',
  }),
  note: endpoint({
    method: 'POST',
    path: '/admin/api/inquiries/:id/notes',
    params: 'inquiryPathParams',
    body: 'adminInquiryTextRequest',
    response: 'adminInquiryThread',
  }),
  close: endpoint({
    method: 'POST',
    path: '/admin/api/inquiries/:id/close',
    params: 'inquiryPathParams',
    response: 'adminInquiryThread',
  }),
  assign: endpoint({
    method: 'POST',
    path: '/admin/api/inquiries/:id/assign',
    params: 'inquiryPathParams',
    body: 'adminInquiryAssignRequest',
    response: 'adminInquiryThread',
  }),
  attachment: endpoint({
    method: 'GET',
    path: '/admin/api/inquiries/:id/attachments/:name',
    params: 'inquiryAttachmentParams',
  }),
};

/** 자주 쓰는 답변: the console's reusable reply texts (contentIdParams, changedResponse and contentOrderRequest as the FAQ's). Operators only. */
export const adminSavedAnswersApi = {
  list: endpoint({ method: 'GET', path: '/admin/api/saved-answers', response: 'adminSavedAnswersResponse' }),
  create: endpoint({
    method: 'POST',
    path: '/admin/api/saved-answers',
    body: 'savedAnswerRequest',
    response: 'savedAnswerResponse',
  }),
  reorder: endpoint({
    method: 'PUT',
    path: '/admin/api/saved-answers/order',
    body: 'contentOrderRequest',
    response: 'changedResponse',
  }),
  update: endpoint({
    method: 'PUT',
    path: '/admin/api/saved-answers/:id',
    params: 'contentIdParams',
    body: 'savedAnswerRequest',
    response: 'savedAnswerResponse',
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/admin/api/saved-answers/:id',
    params: 'contentIdParams',
    response: 'changedResponse',
  }),
};
