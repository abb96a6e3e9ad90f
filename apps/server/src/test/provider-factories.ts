import type { ProviderMutationResponse, ProviderRequest } from '@smm/domain/contract';
import type { FastifyInstance } from 'fastify';
import { ProviderAccounts } from '../providers/provider-accounts';
import { createMember, type TestMember } from './factories';

let counter = 0;

/**
 * An upstream provider added through the provider writes an operator's "add provider" uses
 * (providers/ProviderAccounts.create: the URL checks, the audit entry, the catalog cache dropped),
 * not over HTTP and not by raw SQL. Name, URL and key default to unique test values; `operator` is the
 * audited actor (a new operator account unless given). A URL the rules refuse throws their AppError.
 * `enabled: false` then turns it off as the operator's "disable" does (audited too).
 */
export async function createProvider(
  app: FastifyInstance,
  provider: Partial<ProviderRequest> & { enabled?: boolean } = {},
  operator?: Pick<TestMember, 'accountId'>,
): Promise<ProviderMutationResponse['provider']> {
  counter += 1;
  const actor = operator ?? (await createMember(app, { role: 'admin' }));
  const accounts = new ProviderAccounts(app.database.db, app.services.providers, app.services.catalog);
  const { enabled, ...request } = provider;
  const created = await accounts.create(actor.accountId, {
    name: `테스트 공급사 ${counter}`,
    apiUrl: `https://provider-${counter}.test/api/v2`,
    apiKey: `test-provider-key-${counter}`,
    ...request,
  });
  if (enabled === false)
    return (await accounts.setEnabled(actor.accountId, created.provider.id, false)).provider;
  return created.provider;
}
