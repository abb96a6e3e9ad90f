import { endpoint } from '../endpoint';

/** The console's content screens: notices, FAQ, sign-up routes, popups. Operators only. */
export const adminContentApi = {
  notices: endpoint({ method: 'GET', path: '/admin/api/notices', response: 'adminNoticesResponse' }),
  createNotice: endpoint({
    method: 'POST',
    path: '/admin/api/notices',
    body: 'noticeRequest',
    response: 'noticeResponse',
  }),
  updateNotice: endpoint({
    method: 'PUT',
    path: '/admin/api/notices/:id',
    params: 'contentIdParams',
    body: 'noticeRequest',
    response: 'noticeResponse',
  }),
  deleteNotice: endpoint({
    method: 'DELETE',
    path: '/admin/api/notices/:id',
    params: 'contentIdParams',
    response: 'changedResponse',
  }),
  faqs: endpoint({ method: 'GET', path: '/admin/api/faq', response: 'adminFaqsResponse' }),
  createFaq: endpoint({
    method: 'POST',
    path: '/admin/api/faq',
    body: 'faqRequest',
    response: 'faqResponse',
  }),
  reorderFaqs: endpoint({
    method: 'PUT',
    path: '/admin/api/faq/order',
    body: 'contentOrderRequest',
    response: 'changedResponse',
  }),
  updateFaq: endpoint({
    method: 'PUT',
    path: '/admin/api/faq/:id',
    params: 'contentIdParams',
    body: 'faqRequest',
    response: 'faqResponse',
  }),
  deleteFaq: endpoint({
    method: 'DELETE',
    path: '/admin/api/faq/:id',
    params: 'contentIdParams',
    response: 'changedResponse',
  }),
  registerWheres: endpoint({
    method: 'GET',
    path: '/admin/api/register-wheres',
    response: 'adminRegisterWheresResponse',
  }),
  createRegisterWhere: endpoint({
    method: 'POST',
    path: '/admin/api/register-wheres',
    body: 'registerWhereRequest',
    response: 'registerWhereResponse',
  }),
  reorderRegisterWheres: endpoint({
    method: 'PUT',
    path: '/admin/api/register-wheres/order',
    body: 'contentOrderRequest',
    response: 'changedResponse',
  }),
  updateRegisterWhere: endpoint({
    method: 'PUT',
    path: '/admin/api/register-wheres/:id',
    params: 'contentIdParams',
    body: 'registerWhereRequest',
    response: 'registerWhereResponse',
  }),
  deleteRegisterWhere: endpoint({
    method: 'DELETE',
    path: '/admin/api/register-wheres/:id',
    params: 'contentIdParams',
    response: 'changedResponse',
  }),
  popups: endpoint({ method: 'GET', path: '/admin/api/popups', response: 'adminPopupsResponse' }),
  uploadPopup: endpoint({ method: 'POST', path: '/admin/api/popups', form: true, response: 'popupResponse' }),
  setPopupEnabled: endpoint({
    method: 'PATCH',
    path: '/admin/api/popups/:id',
    params: 'contentIdParams',
    body: 'popupPatchRequest',
    response: 'popupResponse',
  }),
  deletePopup: endpoint({
    method: 'DELETE',
    path: '/admin/api/popups/:id',
    params: 'contentIdParams',
    response: 'changedResponse',
  }),
};
