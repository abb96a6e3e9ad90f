import { adminInquiriesApi, adminSavedAnswersApi } from '@smm/domain/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountOf } from '../../auth/guards';
import { route } from '../../http/route';
import { sendInquiryImage } from '../../inquiries/inquiries.routes';
import type { ConsoleServices } from '../console-services';

/**
 * The console's inquiry queue (docs/product.md#inquiries): every route `auth: 'operator'`; the actions
 * are inquiries/' own operations, each with its audit log entry; so are the saved answers' edits
 * (자주 쓰는 답변).
 */
export function inquiriesAdminRoutes(deps: ConsoleServices['inquiries']): FastifyPluginAsyncZod {
  const { operator: actions, member, savedAnswers } = deps;
  return async (app) => {
    const operator = { auth: 'operator' } as const;
    route(app, adminInquiriesApi.list, { config: operator }, (request) => actions.queue(request.query));
    route(app, adminInquiriesApi.thread, { config: operator }, (request) =>
      actions.thread(request.params.id),
    );
    route(app, adminInquiriesApi.reply, { config: operator }, (request) =>
      actions.reply(accountOf(request).id, request.params.id, request.body.text),
    );
    route(app, adminInquiriesApi.note, { config: operator }, (request) =>
      actions.note(accountOf(request).id, request.params.id, request.body.text),
    );
    route(app, adminInquiriesApi.close, { config: operator }, (request) =>
      actions.close(accountOf(request).id, request.params.id),
    );
    route(app, adminInquiriesApi.assign, { config: operator }, (request) =>
      actions.assign(accountOf(request).id, request.params.id, request.body.operatorId),
    );
    route(
      app,
      adminInquiriesApi.attachment,
      { config: operator, schema: { hide: true } },
      async (request, reply) =>
        sendInquiryImage(reply, await member.readAttachment(request.params.id, request.params.name, true)),
    );

    // ---------- 자주 쓰는 답변 ----------
    route(app, adminSavedAnswersApi.list, { config: operator }, () => savedAnswers.list());
    route(app, adminSavedAnswersApi.create, { config: operator }, (request) =>
      savedAnswers.create(accountOf(request).id, request.body),
    );
    route(app, adminSavedAnswersApi.reorder, { config: operator }, (request) =>
      savedAnswers.reorder(accountOf(request).id, request.body.ids),
    );
    route(app, adminSavedAnswersApi.update, { config: operator }, (request) =>
      savedAnswers.update(accountOf(request).id, request.params.id, request.body),
    );
    route(app, adminSavedAnswersApi.remove, { config: operator }, (request) =>
      savedAnswers.remove(accountOf(request).id, request.params.id),
    );
  };
}
