import * as contract from '@smm/domain/contract';
import type { EndpointSpec, SchemaName, SchemaOf } from '@smm/domain/endpoints';
import type {
  ContextConfigDefault,
  FastifyBaseLogger,
  FastifyInstance,
  FastifySchema,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  RouteShorthandOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';

/** The app a route plugin receives (FastifyPluginAsyncZod's). */
export type ZodApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

type Named<E, K extends string> = E extends { readonly [P in K]: infer N extends SchemaName }
  ? SchemaOf<N>
  : undefined;

type SuccessStatus<E> = E extends { readonly status: infer S extends number } ? S : 200;

type Responses<E> = (E extends { readonly response: infer N extends SchemaName }
  ? { [S in SuccessStatus<E>]: SchemaOf<N> }
  : object) &
  (E extends { readonly errors: infer Errors }
    ? { [S in keyof Errors]: SchemaOf<Errors[S] & SchemaName> }
    : object);

/**
 * What a route may add to its endpoint's schemas: OpenAPI words (tags, summary …) and the bodies of
 * further answers it documents.
 */
type Extra = Omit<FastifySchema, 'params' | 'querystring' | 'body' | 'headers' | 'response'> & {
  response?: Record<number, z.ZodType>;
  [key: string]: unknown;
};

/** The endpoint's schemas as Fastify reads them, with the route's extra answers. */
type RouteSchema<E, X extends Extra> = {
  params: Named<E, 'params'>;
  querystring: Named<E, 'query'>;
  body: Named<E, 'body'>;
  headers: Named<E, 'headers'>;
  response: Responses<E> & (X['response'] extends object ? X['response'] : object);
};

type Handler<E, X extends Extra> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  RouteSchema<E, X>,
  ZodTypeProvider
>;

type Options<X extends Extra> = Omit<RouteShorthandOptions, 'schema'> & { schema?: X };

const schemaOf = (name: SchemaName): z.ZodType => contract[name] as z.ZodType;

/**
 * Registers an endpoint of the contract: its method and path, its schemas (validation, serialisation
 * and OpenAPI, as before through the zod type provider) and the handler, whose request and answer
 * types come from the endpoint. `options` carries what only the server knows (who may call, a body
 * limit, OpenAPI words).
 */
export function route<const E extends EndpointSpec, const X extends Extra = Extra>(
  app: ZodApp,
  endpoint: E,
  options: Options<X>,
  handler: Handler<E, X>,
): void {
  const { schema: extra = {} as X, ...rest } = options;
  const spec: EndpointSpec = endpoint;
  const response: Record<number, z.ZodType> = {};
  if (spec.response) response[spec.status ?? 200] = schemaOf(spec.response);
  for (const [status, name] of Object.entries(spec.errors ?? {})) response[Number(status)] = schemaOf(name);
  Object.assign(response, extra.response);
  const schema: FastifySchema = {
    ...extra,
    ...(spec.params && { params: schemaOf(spec.params) }),
    ...(spec.query && { querystring: schemaOf(spec.query) }),
    ...(spec.body && { body: schemaOf(spec.body) }),
    ...(spec.headers && { headers: schemaOf(spec.headers) }),
    ...(Object.keys(response).length > 0 && { response }),
  };
  app.route({
    ...rest,
    method: spec.method,
    url: spec.path,
    schema,
    handler: handler as RouteHandlerMethod<
      RawServerDefault,
      RawRequestDefaultExpression,
      RawReplyDefaultExpression,
      RouteGenericInterface,
      ContextConfigDefault,
      FastifySchema,
      ZodTypeProvider
    >,
  });
}
