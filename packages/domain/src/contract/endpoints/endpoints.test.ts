import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import * as contract from '../index';
import type { AdminMemberDetailResponse, OrderHistoryResponse, PlaceOrderRequest } from '../index';
import * as endpoints from './index';
import { pathOf, type BodyOf, type EndpointSpec, type ParamsOf, type ResponseOf } from './index';

const declared = Object.values(endpoints as Record<string, unknown>)
  .filter((area) => typeof area === 'object' && area !== null)
  .flatMap((area) => Object.entries(area as Record<string, EndpointSpec>));

describe('the endpoints', () => {
  it('name only zod schemas of the contract', () => {
    const named = declared.flatMap(([, spec]) => [
      spec.params,
      spec.query,
      spec.body,
      spec.headers,
      spec.response,
      ...Object.values(spec.errors ?? {}),
    ]);
    const missing = named.filter(
      (name) => name !== undefined && !((contract as Record<string, unknown>)[name] instanceof z.ZodType),
    );
    expect(missing).toEqual([]);
  });

  it('declare each path parameter their params schema reads, and no other', () => {
    const mismatched = declared.filter(([, spec]) => {
      const inPath = [...spec.path.matchAll(/:(\w+)/g)].map((m) => m[1]).sort();
      const schema = spec.params ? (contract as Record<string, unknown>)[spec.params] : undefined;
      const inSchema = schema instanceof z.ZodObject ? Object.keys(schema.shape).sort() : [];
      return inPath.join() !== inSchema.join();
    });
    expect(mismatched.map(([key]) => key)).toEqual([]);
  });

  it('fill their path parameters in, URI-encoded', () => {
    expect(pathOf(endpoints.adminMembersApi.member, { loginId: 'a b' })).toBe('/admin/api/members/a%20b');
    expect(pathOf(endpoints.ordersApi.cancel, { id: 7 })).toBe('/service/order/7/cancel');
  });

  it("carry their schemas' types, so a changed schema changes both sides", () => {
    expectTypeOf<ResponseOf<typeof endpoints.ordersApi.history>>().toEqualTypeOf<OrderHistoryResponse>();
    expectTypeOf<
      ResponseOf<typeof endpoints.adminMembersApi.member>
    >().toEqualTypeOf<AdminMemberDetailResponse>();
    expectTypeOf<BodyOf<typeof endpoints.ordersApi.place>>().toEqualTypeOf<
      z.input<typeof contract.placeOrderRequest>
    >();
    expectTypeOf<PlaceOrderRequest>().toExtend<BodyOf<typeof endpoints.ordersApi.place>>();
    expectTypeOf<ParamsOf<typeof endpoints.ordersApi.cancel>>().toEqualTypeOf<{ id: number }>();
  });
});
