import fastifyMultipart from '@fastify/multipart';
import { POPUP_IMAGE_TYPES, UPLOAD_NAME_PATTERN, type PopupImageExt } from '@smm/domain';
import {
  adminFaqsResponse,
  adminNoticesResponse,
  adminPopupsResponse,
  adminRegisterWheresResponse,
  changedResponse,
  contentIdParams,
  contentOrderRequest,
  faqRequest,
  faqResponse,
  noticeRequest,
  noticeResponse,
  popupPatchRequest,
  popupResponse,
  registerWhereRequest,
  registerWhereResponse,
} from '@smm/domain/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountOf } from '../../auth/guards';
import { appError } from '../../errors/app-error';
import type { ConsoleServices } from '../console-services';
import { UPLOADS_PATH } from '../../content/file-storage';
import { POPUP_MULTIPART_LIMITS, readPopupForm } from '../../content/popup-upload';

/** Uploaded names are random, so a name's bytes never change: browsers may keep them for a year. */
const UPLOAD_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/**
 * The console's content screens' calls (notices, FAQ, sign-up routes, popups) and the public
 * `GET /uploads/:name` that serves popup images. Operators only on /admin/api: every route there
 * declares `config: { auth: 'operator' }`.
 * Reads go to the console's read model (ContentAdminService); every change is content/'s own
 * operation (ContentEditor, PopupsEditor).
 */
export function contentAdminRoutes(deps: ConsoleServices['content']): FastifyPluginAsyncZod {
  const { lists, content, popups } = deps;
  return async (app) => {
    // Multipart bodies are parsed in this plugin only (Fastify encapsulation): nowhere else accepts them.
    await app.register(fastifyMultipart, { limits: POPUP_MULTIPART_LIMITS });

    const operator = { auth: 'operator' } as const;
    const byId = { params: contentIdParams };

    // ---------- notices ----------
    app.get(
      '/admin/api/notices',
      { config: operator, schema: { response: { 200: adminNoticesResponse } } },
      () => lists.notices(),
    );
    app.post(
      '/admin/api/notices',
      { config: operator, schema: { body: noticeRequest, response: { 200: noticeResponse } } },
      (request) => content.createNotice(accountOf(request).id, request.body),
    );
    app.put(
      '/admin/api/notices/:id',
      { config: operator, schema: { ...byId, body: noticeRequest, response: { 200: noticeResponse } } },
      (request) => content.updateNotice(accountOf(request).id, request.params.id, request.body),
    );
    app.delete(
      '/admin/api/notices/:id',
      { config: operator, schema: { ...byId, response: { 200: changedResponse } } },
      (request) => content.deleteNotice(accountOf(request).id, request.params.id),
    );

    // ---------- FAQ ----------
    app.get('/admin/api/faq', { config: operator, schema: { response: { 200: adminFaqsResponse } } }, () =>
      lists.faqs(),
    );
    app.post(
      '/admin/api/faq',
      { config: operator, schema: { body: faqRequest, response: { 200: faqResponse } } },
      (request) => content.createFaq(accountOf(request).id, request.body),
    );
    app.put(
      '/admin/api/faq/order',
      { config: operator, schema: { body: contentOrderRequest, response: { 200: changedResponse } } },
      (request) => content.reorderFaqs(accountOf(request).id, request.body.ids),
    );
    app.put(
      '/admin/api/faq/:id',
      { config: operator, schema: { ...byId, body: faqRequest, response: { 200: faqResponse } } },
      (request) => content.updateFaq(accountOf(request).id, request.params.id, request.body),
    );
    app.delete(
      '/admin/api/faq/:id',
      { config: operator, schema: { ...byId, response: { 200: changedResponse } } },
      (request) => content.deleteFaq(accountOf(request).id, request.params.id),
    );

    // ---------- sign-up routes ----------
    app.get(
      '/admin/api/register-wheres',
      { config: operator, schema: { response: { 200: adminRegisterWheresResponse } } },
      () => lists.registerWheres(),
    );
    app.post(
      '/admin/api/register-wheres',
      { config: operator, schema: { body: registerWhereRequest, response: { 200: registerWhereResponse } } },
      (request) => content.createRegisterWhere(accountOf(request).id, request.body),
    );
    app.put(
      '/admin/api/register-wheres/order',
      { config: operator, schema: { body: contentOrderRequest, response: { 200: changedResponse } } },
      (request) => content.reorderRegisterWheres(accountOf(request).id, request.body.ids),
    );
    app.put(
      '/admin/api/register-wheres/:id',
      {
        config: operator,
        schema: { ...byId, body: registerWhereRequest, response: { 200: registerWhereResponse } },
      },
      (request) => content.renameRegisterWhere(accountOf(request).id, request.params.id, request.body),
    );
    app.delete(
      '/admin/api/register-wheres/:id',
      { config: operator, schema: { ...byId, response: { 200: changedResponse } } },
      (request) => content.deleteRegisterWhere(accountOf(request).id, request.params.id),
    );

    // ---------- popups ----------
    app.get(
      '/admin/api/popups',
      { config: operator, schema: { response: { 200: adminPopupsResponse } } },
      () => lists.popups(),
    );
    // multipart/form-data: image (the file), enabled ('true' | 'false', optional).
    app.post(
      '/admin/api/popups',
      { config: operator, schema: { response: { 200: popupResponse } } },
      async (request) => {
        const form = await readPopupForm(request);
        return popups.create(accountOf(request).id, form.image, form.enabled);
      },
    );
    app.patch(
      '/admin/api/popups/:id',
      { config: operator, schema: { ...byId, body: popupPatchRequest, response: { 200: popupResponse } } },
      (request) => popups.setEnabled(accountOf(request).id, request.params.id, request.body.enabled),
    );
    app.delete(
      '/admin/api/popups/:id',
      { config: operator, schema: { ...byId, response: { 200: changedResponse } } },
      (request) => popups.remove(accountOf(request).id, request.params.id),
    );

    // ---------- the uploaded files, public (a member's popup shows them) ----------
    app.get(
      `${UPLOADS_PATH}/:name`,
      { schema: { hide: true, params: z.object({ name: z.string() }) } },
      async (request, reply) => {
        const { name } = request.params;
        const bytes = UPLOAD_NAME_PATTERN.test(name) ? await lists.upload(name) : null;
        if (!bytes) throw appError('NOT_FOUND');
        const ext = name.slice(name.lastIndexOf('.') + 1) as PopupImageExt;
        return reply
          .type(POPUP_IMAGE_TYPES[ext])
          .header('cache-control', UPLOAD_CACHE_CONTROL)
          .header('x-content-type-options', 'nosniff')
          .send(bytes);
      },
    );
  };
}
