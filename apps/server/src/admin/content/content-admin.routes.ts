import fastifyMultipart from '@fastify/multipart';
import { POPUP_IMAGE_TYPES, UPLOAD_NAME_PATTERN, type PopupImageExt } from '@smm/domain';
import { adminContentApi } from '@smm/domain/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountOf } from '../../auth/guards';
import { appError } from '../../errors/app-error';
import type { ConsoleServices } from '../console-services';
import { UPLOADS_PATH } from '../../content/file-storage';
import { POPUP_MULTIPART_LIMITS, readPopupForm } from '../../content/popup-upload';
import { route } from '../../http/route';

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

    // ---------- notices ----------
    route(app, adminContentApi.notices, { config: operator }, () => lists.notices());
    route(app, adminContentApi.createNotice, { config: operator }, (request) =>
      content.createNotice(accountOf(request).id, request.body),
    );
    route(app, adminContentApi.updateNotice, { config: operator }, (request) =>
      content.updateNotice(accountOf(request).id, request.params.id, request.body),
    );
    route(app, adminContentApi.deleteNotice, { config: operator }, (request) =>
      content.deleteNotice(accountOf(request).id, request.params.id),
    );

    // ---------- FAQ ----------
    route(app, adminContentApi.faqs, { config: operator }, () => lists.faqs());
    route(app, adminContentApi.createFaq, { config: operator }, (request) =>
      content.createFaq(accountOf(request).id, request.body),
    );
    route(app, adminContentApi.reorderFaqs, { config: operator }, (request) =>
      content.reorderFaqs(accountOf(request).id, request.body.ids),
    );
    route(app, adminContentApi.updateFaq, { config: operator }, (request) =>
      content.updateFaq(accountOf(request).id, request.params.id, request.body),
    );
    route(app, adminContentApi.deleteFaq, { config: operator }, (request) =>
      content.deleteFaq(accountOf(request).id, request.params.id),
    );

    // ---------- sign-up routes ----------
    route(app, adminContentApi.registerWheres, { config: operator }, () => lists.registerWheres());
    route(app, adminContentApi.createRegisterWhere, { config: operator }, (request) =>
      content.createRegisterWhere(accountOf(request).id, request.body),
    );
    route(app, adminContentApi.reorderRegisterWheres, { config: operator }, (request) =>
      content.reorderRegisterWheres(accountOf(request).id, request.body.ids),
    );
    route(app, adminContentApi.updateRegisterWhere, { config: operator }, (request) =>
      content.renameRegisterWhere(accountOf(request).id, request.params.id, request.body),
    );
    route(app, adminContentApi.deleteRegisterWhere, { config: operator }, (request) =>
      content.deleteRegisterWhere(accountOf(request).id, request.params.id),
    );

    // ---------- popups ----------
    route(app, adminContentApi.popups, { config: operator }, () => lists.popups());
    // multipart/form-data: image (the file), enabled ('true' | 'false', optional).
    route(app, adminContentApi.uploadPopup, { config: operator }, async (request) => {
      const form = await readPopupForm(request);
      return popups.create(accountOf(request).id, form.image, form.enabled);
    });
    route(app, adminContentApi.setPopupEnabled, { config: operator }, (request) =>
      popups.setEnabled(accountOf(request).id, request.params.id, request.body.enabled),
    );
    route(app, adminContentApi.deletePopup, { config: operator }, (request) =>
      popups.remove(accountOf(request).id, request.params.id),
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
