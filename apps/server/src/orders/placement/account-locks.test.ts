import { OrderStatus } from '@smm/domain';
import { describe, expect, it } from 'vitest';
import { createMember } from '../../test/factories';
import { catalogService } from '../../test/order-factories';
import { testDatabaseKind, useTestApp } from '../../test/test-app';
import { lockAccountsInIdOrder } from './placement.repository';
import { fulfilmentRepository } from '../fulfilment/fulfilment.repository';

const t = useTestApp();

/**
 * An order group's account locks and the background tick's inserts of auto-order runs meet on the same
 * account rows. PGlite has one connection (nothing runs beside an open transaction), so this is asked
 * of PostgreSQL, where the invariants test once saw the two deadlock.
 */
describe(`account locks on ${testDatabaseKind}`, () => {
  it.runIf(testDatabaseKind === 'postgres')(
    'an order group locks a member that an open transaction has just inserted an order for, without waiting for it',
    async () => {
      const db = t.app.database.db;
      const member = await createMember(t.app, { point: 10_000 });
      const service = await catalogService(t.app);
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let inserted!: () => void;
      const insertedOne = new Promise<void>((resolve) => (inserted = resolve));
      // The tick's transaction: one run inserted (its foreign key takes a key-share lock on the
      // account), then it goes on to its other runs, which here take as long as the test says.
      const tick = db.transaction(async (tx) => {
        await fulfilmentRepository.insertOrder(tx, {
          accountId: member.accountId,
          serviceId: service.id,
          link: 'https://instagram.com/p/lock-order',
          amount: service.min,
          refillDays: 0,
          unitPriceMilli: 1000,
          cost: service.min,
          status: OrderStatus.PENDING,
          providerId: null,
          providerServiceId: null,
          nextCheckAt: new Date(),
        });
        inserted();
        await held;
      });
      await insertedOne;
      // A group of orders locks the same account meanwhile: it must not wait for the tick to end (a
      // group waiting here while the tick waits on another of the group's accounts is the deadlock).
      const group = db.transaction((tx) => lockAccountsInIdOrder(tx, [member.accountId]));
      const outcome = await Promise.race([
        group.then(() => 'locked' as const),
        new Promise<'waited'>((resolve) => setTimeout(() => resolve('waited'), 2_000)),
      ]);
      release();
      await Promise.all([tick, group]);
      expect(outcome).toBe('locked');
    },
  );
});
