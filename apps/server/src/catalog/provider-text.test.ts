import type { AdminCategory, ProviderMutationResponse, ProviderServicesResponse } from '@smm/domain/contract';
import { hasInvisibleCharacter } from '@smm/domain';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { catalogSyncRuns, services } from '../db/schema';
import { memberCatalog, operatorClient } from '../admin/catalog/catalog-test-helpers';
import { testDatabaseKind, useTestApp } from '../test/test-app';
import { CatalogSync } from './catalog-sync';

/**
 * Providers are untrusted (docs/ARCHITECTURE.md#providers-are-untrusted): a provider's texts lose the characters that print as nothing or turn text around before
 * anything stores or shows them — the console's list, the import (the name members see) and the sync.
 */
const t = useTestApp();

/** `Instagram Likes` written so that it shows as `Instagram sekiL` reversed, and other disguises. */
const DISGUISED = {
  service: 7,
  name: 'Instagram \u202ELikes\u202C [Real]\u200B\u2066\u2069',
  type: 'De\u200Bfault',
  category: 'Insta\u200Cgram\u200F',
  rate: '100.00',
  min: 10,
  max: 1000,
  refill: false,
  cancel: false,
};

let fake: Server;
let apiUrl = '';
/** What the fake provider answers to `services`; `refuse` makes every call a refusal instead. */
let refuse: string | null = null;
beforeEach(async () => {
  refuse = null;
  fake = createServer((req, res) => {
    let sent = '';
    req.on('data', (chunk: Buffer) => (sent += chunk.toString()));
    req.on('end', () => {
      const action = new URLSearchParams(sent).get('action');
      const answer =
        refuse !== null
          ? { error: refuse }
          : action === 'balance'
            ? { balance: '100.00', currency: 'KRW' }
            : [DISGUISED];
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  apiUrl = `http://127.0.0.1:${(fake.address() as AddressInfo).port}/api/v2`;
});
afterEach(async () => {
  fake.closeAllConnections();
  await new Promise((resolve) => fake.close(resolve));
});

describe(`provider text on ${testDatabaseKind}`, () => {
  it('is shown to the operator, imported and listed to members without bidi controls or invisible characters', async () => {
    const { call } = await operatorClient(t.app);
    const created = (
      await call('POST', '/admin/api/providers', { name: '꾸민 공급사', apiUrl, apiKey: 'key-0123456789' })
    ).json() as ProviderMutationResponse;
    const id = created.provider.id;

    const listing = (
      await call('GET', `/admin/api/providers/${id}/services`)
    ).json() as ProviderServicesResponse;
    expect(listing).toHaveLength(1);
    expect(listing[0]).toMatchObject({
      service: '7',
      name: 'Instagram Likes [Real]',
      type: 'Default',
      category: 'Instagram',
    });

    const category = ((await call('GET', '/admin/api/categories')).json() as AdminCategory[])[0]!;
    const imported = await call('POST', `/admin/api/providers/${id}/import`, {
      categoryId: category.id,
      markupPercent: 10,
      items: [{ providerServiceId: '7' }],
    });
    expect(imported.statusCode, imported.body).toBe(200);
    const [row] = await t.app.database.db.select().from(services).where(eq(services.providerId, id));
    expect(row).toMatchObject({
      text: 'Instagram Likes [Real]',
      providerServiceId: '7',
      serviceType: 'default',
    });
    const seen = (await memberCatalog(t.app)).services.find((s) => s.id === row!.id);
    expect(seen?.text).toBe('Instagram Likes [Real]');

    // The sync reads the same cleaned type: the service stays mapped and orderable (not "vanished").
    const sync = new CatalogSync(
      t.app.database.db,
      t.app.services.providers,
      t.app.services.catalog,
      t.clock,
    );
    const outcome = await sync.syncProvider(id, 'operator');
    expect(outcome).toMatchObject({ status: 'ok', unmapped: [] });
    const [after] = await t.app.database.db.select().from(services).where(eq(services.id, row!.id));
    expect(after).toMatchObject({ isReadOnly: false, syncDisabled: null });

    // A refusal the sync records for the operator is cleaned too.
    refuse = 'Service \u202Edelbasid\u202C\u200B';
    const failed = await sync.syncProvider(id, 'operator');
    expect(failed.status).toBe('failed');
    const [run] = await t.app.database.db
      .select()
      .from(catalogSyncRuns)
      .where(eq(catalogSyncRuns.id, (failed as { runId: number }).runId));
    expect(run?.error).toContain('Service delbasid');
    expect(hasInvisibleCharacter(run?.error ?? '')).toBe(false);
  });
});
