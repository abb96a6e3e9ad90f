import { RefillStatus } from '@smm/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orderRefills } from '../../db/schema';
import { ProviderError } from '../../providers/provider-api';
import { balancesAndLedgerSums, createMember } from '../../test/factories';
import {
  RefillScriptedProvider,
  finishedOrder,
  refillOf,
  refillableService,
  workerWith,
} from '../../test/refill-factories';
import { testDatabaseKind, useTestApp } from '../../test/test-app';
import { REFILL_INTERRUPTED, REFILL_UNCERTAIN } from './send-refills.workflow';

const t = useTestApp();

/** A completed order of a refillable service with a member's PENDING refill, and its provider. */
async function pendingRefill() {
  const provider = new RefillScriptedProvider();
  const service = await refillableService(t.app, 30);
  const member = await createMember(t.app, { point: 1_000_000 });
  const order = await finishedOrder(t.app, t.clock, provider, member, service);
  const refill = await t.app.services.refills.request(member.accountId, order.id, 'member');
  return { provider, order, refill, member };
}
const tick = (provider: RefillScriptedProvider) => workerWith(t.app, t.clock, provider).tick();

describe(`the background loop's refills on ${testDatabaseKind}`, () => {
  it('sends a PENDING refill to the order’s provider, follows it to COMPLETED, and moves no money', async () => {
    const { provider, order, refill } = await pendingRefill();
    const before = await balancesAndLedgerSums(t.app);
    expect(await tick(provider)).toMatchObject({ refillsSent: 1 });
    expect(provider.refillCalls).toEqual([[order.providerOrderId]]);
    expect(await refillOf(t.app, refill.id)).toMatchObject({
      status: RefillStatus.INPROGRESS,
      providerRefillId: '901',
      leaseToken: null,
    });
    // Not due yet: nothing asked.
    await tick(provider);
    expect(provider.refillStatusCalls).toEqual([]);
    t.clock.advance(31_000);
    provider.refillStates.set('901', { status: 'In progress' });
    expect(await tick(provider)).toMatchObject({ refillsRefreshed: 1, refillsFinished: 0 });
    expect((await refillOf(t.app, refill.id)).status).toBe(RefillStatus.INPROGRESS);
    t.clock.advance(31_000);
    provider.refillStates.set('901', { status: 'Completed' });
    expect(await tick(provider)).toMatchObject({ refillsFinished: 1 });
    expect(await refillOf(t.app, refill.id)).toMatchObject({
      status: RefillStatus.COMPLETED,
      reason: null,
      finishedAt: t.clock.now(),
      nextCheckAt: null,
    });
    t.clock.advance(31_000);
    await tick(provider);
    expect(provider.refillCalls).toHaveLength(1);
    expect(provider.refillStatusCalls).toHaveLength(2);
    expect(await balancesAndLedgerSums(t.app)).toEqual(before);
  });

  it('ends a refill the provider reports Rejected as REJECTED with a reason', async () => {
    const { provider, refill } = await pendingRefill();
    await tick(provider);
    provider.refillStates.set('901', { status: 'Rejected' });
    t.clock.advance(31_000);
    await tick(provider);
    expect(await refillOf(t.app, refill.id)).toMatchObject({
      status: RefillStatus.REJECTED,
      reason: '공급사가 리필을 거절했습니다. (Rejected)',
      finishedAt: t.clock.now(),
    });
  });

  it('ends a refill its provider refuses ({error}) as REJECTED with the provider’s words', async () => {
    const { provider, order, refill } = await pendingRefill();
    provider.refillAnswers.set(order.providerOrderId!, { error: 'Refill is not available for this order' });
    await tick(provider);
    expect(await refillOf(t.app, refill.id)).toMatchObject({
      status: RefillStatus.REJECTED,
      reason: 'Refill is not available for this order',
      providerRefillId: null,
    });
  });

  it('retries a failure that surely did not reach the provider with back-off, then sends it', async () => {
    const { provider, refill } = await pendingRefill();
    provider.failRefill = new ProviderError('refill: HTTP 500', true);
    expect(await tick(provider)).toMatchObject({ refillFailures: 1, refillsSent: 0 });
    const waiting = await refillOf(t.app, refill.id);
    expect(waiting).toMatchObject({
      status: RefillStatus.PENDING,
      attempts: 1,
      reason: null,
      leaseToken: null,
    });
    expect(waiting.nextCheckAt).toEqual(new Date(t.clock.now().getTime() + 30_000));
    await tick(provider); // not due yet
    expect(provider.refillCalls).toHaveLength(1);
    provider.failRefill = null;
    t.clock.advance(30_000);
    expect(await tick(provider)).toMatchObject({ refillsSent: 1 });
    expect(await refillOf(t.app, refill.id)).toMatchObject({ status: RefillStatus.INPROGRESS, attempts: 0 });
  });

  it('ends it REJECTED with the message after the last retry, or at once when not retryable', async () => {
    const { provider, refill } = await pendingRefill();
    provider.failRefill = new ProviderError('refill: HTTP 502', true);
    for (let i = 0; i < 3; i++) {
      await tick(provider);
      t.clock.advance(31 * 60_000);
    }
    expect(provider.refillCalls).toHaveLength(3);
    expect(await refillOf(t.app, refill.id)).toMatchObject({
      status: RefillStatus.REJECTED,
      reason: 'refill: HTTP 502',
    });

    const second = await pendingRefill();
    second.provider.failRefill = new ProviderError('refill: refused: Invalid API key', false);
    await tick(second.provider);
    expect(await refillOf(t.app, second.refill.id)).toMatchObject({
      status: RefillStatus.REJECTED,
      reason: 'refill: refused: Invalid API key',
    });
  });

  it('never sends twice a refill whose provider never answered: REJECTED at once, saying so', async () => {
    const { provider, refill } = await pendingRefill();
    provider.failRefill = new ProviderError('refill: no answer within 2000 ms', true, 'unknown');
    await tick(provider);
    expect(await refillOf(t.app, refill.id)).toMatchObject({
      status: RefillStatus.REJECTED,
      reason: `${REFILL_UNCERTAIN} (refill: no answer within 2000 ms)`,
      finishedAt: t.clock.now(),
    });
    provider.failRefill = null;
    t.clock.advance(60 * 60_000);
    await tick(provider);
    expect(provider.refillCalls).toHaveLength(1);
  });

  it('ends a refill whose sender stopped mid-send once its lease is over, without sending it again', async () => {
    const { provider, refill } = await pendingRefill();
    // As markSending leaves it when the process dies before the answer is recorded.
    await t.app.database.db
      .update(orderRefills)
      .set({
        status: RefillStatus.INPROGRESS,
        leaseToken: 'dead-process',
        leasedUntil: new Date(t.clock.now().getTime() + 120_000),
        nextCheckAt: new Date(t.clock.now().getTime() + 120_000),
      })
      .where(eq(orderRefills.id, refill.id));
    await tick(provider);
    expect((await refillOf(t.app, refill.id)).status).toBe(RefillStatus.INPROGRESS);
    t.clock.advance(120_000);
    await tick(provider);
    expect(await refillOf(t.app, refill.id)).toMatchObject({
      status: RefillStatus.REJECTED,
      reason: REFILL_INTERRUPTED,
    });
    expect(provider.refillCalls).toEqual([]);
  });

  it('keeps asking with back-off through failed status calls; an unknown refill id ends REJECTED after 5', async () => {
    const { provider, refill } = await pendingRefill();
    await tick(provider);
    provider.failRefillStatus = new ProviderError('refill_status: HTTP 500', true);
    t.clock.advance(31_000);
    expect(await tick(provider)).toMatchObject({ refillFailures: 1 });
    expect(await refillOf(t.app, refill.id)).toMatchObject({ status: RefillStatus.INPROGRESS, attempts: 1 });
    provider.failRefillStatus = null;
    provider.refillStates.set('901', { error: 'Incorrect refill ID' });
    for (let i = 0; i < 4; i++) {
      t.clock.advance(31 * 60_000);
      await tick(provider);
    }
    expect(await refillOf(t.app, refill.id)).toMatchObject({
      status: RefillStatus.REJECTED,
      reason: 'Incorrect refill ID',
    });
  });

  it('lets two workers racing send a refill once', async () => {
    const { provider, refill } = await pendingRefill();
    let release!: () => void;
    provider.gate = new Promise((resolve) => (release = resolve));
    const first = tick(provider);
    // Let the first claim and reach the provider before the second looks.
    while (provider.refillCalls.length === 0) await new Promise((r) => setTimeout(r, 5));
    const second = await tick(provider);
    expect(second).toMatchObject({ refillsSent: 0 });
    release();
    expect(await first).toMatchObject({ refillsSent: 1 });
    expect(provider.refillCalls).toHaveLength(1);
    expect((await refillOf(t.app, refill.id)).providerRefillId).toBe('901');
  });
});
