import {
  ERROR_CATALOGUE,
  ORDER_MESSAGES,
  REST_ERROR_EXAMPLES,
  REST_EXAMPLES,
  V2_ERROR_EXAMPLE,
  V2_EXAMPLES,
} from '@smm/domain';
import {
  publicOrderRequest,
  publicOrderResponse,
  publicServicesResponse,
  publicStatusResponse,
  v2Response,
} from '@smm/domain/contract';
import { describe, expect, it } from 'vitest';
import { createMember } from '../test/factories';
import { testDatabaseKind, useTestApp } from '../test/test-app';

const t = useTestApp();

const shape = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(shape)
    : value && typeof value === 'object'
      ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shape(v)]))
      : typeof value;

/**
 * The /api page shows packages/domain's examples: they must be what this server really answers, for
 * the demo catalogue a fresh install has.
 */
describe(`the /api page's examples on ${testDatabaseKind}`, () => {
  it('parse with the contract schemas', () => {
    publicServicesResponse.parse(REST_EXAMPLES.services);
    publicOrderRequest.parse(REST_EXAMPLES.orderRequest);
    publicOrderResponse.parse(REST_EXAMPLES.orderResponse);
    publicStatusResponse.parse(REST_EXAMPLES.statusResponse);
    for (const example of Object.values(V2_EXAMPLES)) v2Response.parse(example.response);
    v2Response.parse(V2_ERROR_EXAMPLE);
    for (const error of Object.values(REST_ERROR_EXAMPLES)) {
      // A refused order carries the rule's own message; every other error the catalogue's.
      const messages: string[] =
        error.code === 'ORDER_INVALID'
          ? Object.values(ORDER_MESSAGES)
          : [ERROR_CATALOGUE[error.code].message];
      expect(messages).toContain(error.message);
    }
  });

  it('match the real answers: the same services, and orders answered in the same shapes', async () => {
    const member = await createMember(t.app, { apiKey: true, point: 1_000_000 });
    const headers = { 'api-key': member.apiKey! };
    const services = (
      await t.app.inject({ method: 'GET', url: '/api/services', headers })
    ).json() as unknown[];
    for (const example of REST_EXAMPLES.services) expect(services).toContainEqual(example);

    const v2 = (body: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: '/api/v2', payload: { key: member.apiKey!, ...body } });
    const v2Services = (await v2(V2_EXAMPLES.services.params)).json() as unknown[];
    for (const example of V2_EXAMPLES.services.response) expect(v2Services).toContainEqual(example);

    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/order',
      headers,
      payload: REST_EXAMPLES.orderRequest,
    });
    expect(shape(placed.json())).toEqual(shape(REST_EXAMPLES.orderResponse));
    const wId = (placed.json() as { wId: number }).wId;
    const status = await t.app.inject({ method: 'GET', url: `/api/status/${wId}`, headers });
    expect(shape(status.json())).toEqual(shape(REST_EXAMPLES.statusResponse));

    const added = (await v2(V2_EXAMPLES.add.params)).json() as { order: number };
    expect(shape(added)).toEqual(shape(V2_EXAMPLES.add.response));
    const one = (await v2({ action: 'status', order: String(added.order) })).json() as Record<string, string>;
    expect(shape(one)).toEqual(shape(V2_EXAMPLES.status.response));
    // The example's charge is what that order really costs.
    expect(one.charge).toBe(V2_EXAMPLES.status.response.charge);
    expect(shape((await v2(V2_EXAMPLES.balance.params)).json())).toEqual(shape(V2_EXAMPLES.balance.response));
  });
});
