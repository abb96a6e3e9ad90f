import fastifyMultipart from '@fastify/multipart';
import { inquiriesApi } from '@smm/domain/endpoints';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountOf } from '../auth/guards';
import { route } from '../http/route';
import { INQUIRY_MULTIPART_LIMITS, readInquiryForm } from './inquiry-form';
import type { InquiriesService, StoredImage } from './inquiries.service';

/** An inquiry's image: its own type, never sniffed, kept by no shared cache (it is one member's). */
export function sendInquiryImage(reply: FastifyReply, image: StoredImage) {
  return reply
    .type(image.contentType)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', 'inline')
    .send(image.bytes);
}

/** A member's 1:1 문의 (docs/product.md#inquiries): their own only, another's id is a 404. */
export function inquiriesRoutes(inquiries: InquiriesService): FastifyPluginAsyncZod {
  return async (app) => {
    // Multipart bodies are parsed in this plugin only (Fastify encapsulation), with the inquiry form's limits.
    await app.register(fastifyMultipart, { limits: INQUIRY_MULTIPART_LIMITS });
    const member = { auth: 'member' } as const;

    route(app, inquiriesApi.list, { config: member }, (request) =>
      inquiries.list(accountOf(request).id, request.query.page),
    );
    route(app, inquiriesApi.unread, { config: member }, (request) => inquiries.unread(accountOf(request).id));
    route(app, inquiriesApi.create, { config: member }, async (request) =>
      inquiries.create(accountOf(request).id, await readInquiryForm(request)),
    );
    route(app, inquiriesApi.thread, { config: member }, (request) =>
      inquiries.thread(accountOf(request).id, request.params.id),
    );
    route(app, inquiriesApi.write, { config: member }, async (request) =>
      inquiries.write(accountOf(request).id, request.params.id, await readInquiryForm(request)),
    );
    route(app, inquiriesApi.attachment, { config: member, schema: { hide: true } }, async (request, reply) =>
      sendInquiryImage(
        reply,
        await inquiries.attachment(accountOf(request).id, request.params.id, request.params.name),
      ),
    );
  };
}
