import type { z } from 'zod';
import type * as contract from './index';

/**
 * One HTTP call of the contract: its method, its path (`:name` for a path parameter) and its request and
 * response schemas, each named by its export in this contract. Names, not the schemas themselves, so an
 * endpoint is a few strings at run time: the web imports endpoints without pulling zod into its bundle,
 * the server looks each name up in the contract to validate and serialise, and both read the types
 * through the names, so a changed schema or a renamed path changes both sides at once.
 */
type Contract = typeof contract;

/** The name of a zod schema of the contract. */
export type SchemaName = {
  [K in keyof Contract]: Contract[K] extends z.ZodType ? K : never;
}[keyof Contract];

export type SchemaOf<N extends SchemaName> = Contract[N];

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The error statuses an endpoint may declare a body for (besides the catalog's `{ message, code }`). */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 503;

export interface EndpointSpec {
  readonly method: HttpMethod;
  readonly path: string;
  readonly params?: SchemaName;
  readonly query?: SchemaName;
  readonly body?: SchemaName;
  /** Request headers the route reads (an Idempotency-Key); the web sends them as call options. */
  readonly headers?: SchemaName;
  /** The body is multipart form data (a file upload), read by its route, not by a schema. */
  readonly form?: true;
  /** The success answer's schema; left out when the route answers something other than JSON. */
  readonly response?: SchemaName;
  /** The success status, 200 unless said. */
  readonly status?: 200 | 201;
  /** Error answers whose body carries more than `{ message, code }`, by status. */
  readonly errors?: Partial<Record<ErrorStatus, SchemaName>>;
}

export type Endpoint<S extends EndpointSpec = EndpointSpec> = S;

/** Declares an endpoint; the literal method, path and names are kept in its type. */
export function endpoint<const S extends EndpointSpec>(spec: S): Endpoint<S> {
  return spec;
}

type Named<E, K extends string> = E extends { readonly [P in K]: infer N extends SchemaName }
  ? SchemaOf<N>
  : never;

/**
 * What a caller sends for a query or path schema: each key with its parsed type (a number stays a
 * number), optional where the schema lets it be left out.
 */
type Sent<S extends z.ZodType> = {
  [K in keyof z.input<S>]: K extends keyof z.output<S> ? z.output<S>[K] : never;
};

/** The path parameters a caller fills in (`{}` when the path has none). */
export type ParamsOf<E> = [Named<E, 'params'>] extends [never] ? object : Sent<Named<E, 'params'>>;
/** The query a caller sends. */
export type QueryOf<E> = [Named<E, 'query'>] extends [never] ? never : Sent<Named<E, 'query'>>;
/** The JSON body a caller sends (its input type: defaults may be left out). */
export type BodyOf<E> = E extends { readonly form: true }
  ? FormData
  : [Named<E, 'body'>] extends [never]
    ? never
    : z.input<Named<E, 'body'>>;
/** The success answer's body as the caller reads it. */
export type ResponseOf<E> = [Named<E, 'response'>] extends [never] ? unknown : z.output<Named<E, 'response'>>;

/** The path of a call: each `:name` replaced by its parameter, URI-encoded. */
export function pathOf(spec: Pick<EndpointSpec, 'path'>, params: object = {}): string {
  const values = params as Record<string, unknown>;
  return spec.path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(values[name])));
}
