import SwaggerParser from '@apidevtools/swagger-parser';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/test-app';

const t = useTestApp();

type Document = {
  openapi: string;
  servers: { url: string }[];
  paths: Record<string, Record<string, Record<string, unknown>>>;
  components: { securitySchemes: Record<string, unknown> };
};

describe('GET /api/openapi.json', () => {
  it('is a valid OpenAPI 3 document of the public API only, generated from the contract schemas', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/openapi.json',
      headers: { host: 'panel.example.kr' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/json');
    const document = response.json() as Document;
    // The validator throws on anything that is not a valid OpenAPI document.
    await SwaggerParser.validate(structuredClone(document) as never);
    expect(document.openapi).toMatch(/^3\./);
    expect(document.servers).toEqual([{ url: 'http://panel.test' }]);
    expect(Object.keys(document.paths).sort()).toEqual(
      [
        '/api/cancel/{wId}',
        '/api/order',
        // POST /api/refill/{wId} and GET /api/refill/{refillId}: one URL template to OpenAPI.
        '/api/refill/{id}',
        '/api/services',
        '/api/status/{wId}',
        '/api/v2',
      ].sort(),
    );
    expect(document.components.securitySchemes.apiKey).toMatchObject({
      type: 'apiKey',
      in: 'header',
      name: 'api-key',
    });
    expect(document.components.securitySchemes.v2Key).toMatchObject({
      type: 'apiKey',
      in: 'query',
      name: 'key',
    });
    const order = JSON.stringify(document.paths['/api/order']?.post);
    // The request and answer schemas are the contract's (packages/domain/src/contract/public-api.ts).
    for (const field of ['serviceId', 'link', 'amount', 'wId']) expect(order).toContain(`"${field}"`);
    const status = JSON.stringify(document.paths['/api/status/{wId}']?.get);
    expect(status).toContain('IN PROGRESS');
    const refill = JSON.stringify(document.paths['/api/refill/{id}']?.post);
    for (const text of ['"refill"', '"wId"', '"reason"', 'In progress', 'Rejected'])
      expect(refill).toContain(text);
    expect(JSON.stringify(document.paths['/api/refill/{id}']?.get)).toContain('Completed');
    const cancel = JSON.stringify(document.paths['/api/cancel/{wId}']?.post);
    for (const text of ['"outcome"', '"refunded"', 'requested']) expect(cancel).toContain(text);
    const v2 = JSON.stringify(document.paths['/api/v2']?.post);
    for (const field of ['key', 'action', 'quantity', 'orders', 'start_count', 'refills'])
      expect(v2).toContain(`"${field}"`);
    expect(v2).toContain('application/x-www-form-urlencoded');
  });

  it("names the configured PUBLIC_URL as its server, whatever the request's Host says", async () => {
    for (const headers of [
      { host: 'evil.example' },
      { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
      {},
    ]) {
      const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json', headers });
      expect(response.statusCode).toBe(200);
      expect((response.json() as Document).servers).toEqual([{ url: 'http://panel.test' }]);
      expect(response.body).not.toContain('evil.example');
    }
  });
});
