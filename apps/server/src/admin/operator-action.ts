import type { EndpointSpec, SchemaName, SchemaOf } from '@smm/domain/endpoints';
import type { z } from 'zod';
import { accountOf } from '../auth/guards';
import { route, type ZodApp } from '../http/route';

/** A console action's endpoint: a POST naming its target in the path, with a body carrying the memo. */
type ActionEndpoint = EndpointSpec & {
  readonly params: SchemaName;
  readonly body: SchemaName;
  readonly response: SchemaName;
};

type Parsed<E extends ActionEndpoint, K extends 'params' | 'body'> = z.output<SchemaOf<E[K]>>;

/**
 * Declares one of the console's actions (resend, cancel, suspend, accept …): an operator-only route
 * whose handler is one service action, called with the acting operator's account id, the path's
 * parameters and the body (its memo, and what else the action takes). Every action route is declared
 * through here, so none can forget the operator guard or take the actor from anywhere else.
 */
export function operatorAction<const E extends ActionEndpoint>(
  app: ZodApp,
  endpoint: E,
  act: (
    operatorId: number,
    params: Parsed<E, 'params'>,
    body: Parsed<E, 'body'>,
  ) => Promise<z.input<SchemaOf<E['response']>>>,
): void {
  const plain: ActionEndpoint = endpoint;
  // The types were checked against E at `act`'s signature; `plain` has lost them, hence the casts.
  route(
    app,
    plain,
    { config: { auth: 'operator' } },
    (request) =>
      act(
        accountOf(request).id,
        request.params as Parsed<E, 'params'>,
        request.body as Parsed<E, 'body'>,
      ) as Promise<never>,
  );
}
