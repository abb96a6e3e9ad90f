import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError, ERROR_CATALOG } from './app-error';

/** Every 429 carries Retry-After (seconds); a limit that does not say when gets this. */
const DEFAULT_RETRY_AFTER_SECONDS = 60;

/** The one place an error becomes an HTTP answer: `{ message, code }` (and an AppError's declared extra), never internals. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error.status === 429)
        reply.header('retry-after', String(error.retryAfterSeconds ?? DEFAULT_RETRY_AFTER_SECONDS));
      return reply.status(error.status).send({ ...error.extra, message: error.message, code: error.code });
    }
    // Fastify's own client errors: unparsable JSON, wrong content type, too large a body, rate limit.
    const status = (error as FastifyError).statusCode;
    if (status === 429) {
      const { message } = ERROR_CATALOG.TOO_MANY_REQUESTS;
      if (!reply.hasHeader('retry-after')) reply.header('retry-after', String(DEFAULT_RETRY_AFTER_SECONDS));
      return reply.status(429).send({ message, code: 'TOO_MANY_REQUESTS' });
    }
    // A body over the bodyLimit (FST_ERR_CTP_BODY_TOO_LARGE): said as such, not as a malformed form.
    if (status === 413) {
      const { message } = ERROR_CATALOG.PAYLOAD_TOO_LARGE;
      return reply.status(413).send({ message, code: 'PAYLOAD_TOO_LARGE' });
    }
    if (status && status >= 400 && status < 500) {
      return reply.status(status).send({ message: ERROR_CATALOG.BAD_REQUEST.message, code: 'BAD_REQUEST' });
    }
    request.log.error({ err: error, reqId: request.id }, 'unhandled error');
    return reply.status(500).send({ message: ERROR_CATALOG.INTERNAL.message, code: 'INTERNAL' });
  });
}
