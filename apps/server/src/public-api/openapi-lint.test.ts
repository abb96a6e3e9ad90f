import { createConfig, lintFromString } from '@redocly/openapi-core';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/test-app';

const t = useTestApp();

/**
 * The published document is what resellers feed to client generators and linters
 * (docs/ARCHITECTURE.md#public-api), so it passes Redocly's `recommended` ruleset with no error and
 * no warning: declared security schemes, an operationId per operation, the 4xx answers documented.
 */
describe('GET /api/openapi.json under redocly lint', () => {
  it('has no problem, error or warning, under the recommended ruleset', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({
      source: response.body,
      absoluteRef: 'openapi.json',
      config,
    });
    const listed = problems.map(
      (problem) =>
        `${problem.severity} ${problem.ruleId}: ${problem.message} at ` +
        problem.location.map((location) => location.pointer ?? '').join(', '),
    );
    expect(listed).toEqual([]);
  });
});
