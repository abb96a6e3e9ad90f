import type { AuditLogFiltersResponse, AuditLogResponse } from '@smm/domain/contract';
import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLogRepository } from '../../audit/audit-log.repository';
import { auditLog } from '../../db/schema';
import { bearer, createMember, tokenFor, type TestMember } from '../../test/factories';
import { testDatabaseKind, useTestApp } from '../../test/test-app';

const t = useTestApp();

async function get(caller: TestMember | null, url: string) {
  return t.app.inject({
    method: 'GET',
    url,
    headers: caller ? bearer(await tokenFor(t.app, caller)) : {},
  });
}

async function list(caller: TestMember, query: Record<string, string>) {
  const response = await get(caller, `/admin/api/audit-log?${new URLSearchParams(query).toString()}`);
  expect(response.statusCode).toBe(200);
  return response.json<AuditLogResponse>();
}

/** An audit entry as an action writes it, dated `createdAt` (entries are stamped by the database). */
async function entry(
  operator: TestMember,
  createdAt: Date,
  values: { action: string; targetType: string; targetId: string; memo?: string },
) {
  await t.app.database.db.transaction((tx) =>
    auditLogRepository.record(tx, {
      operatorId: operator.accountId,
      before: { value: 'old' },
      after: { value: 'new' },
      ...values,
    }),
  );
  const [last] = await t.app.database.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
  await t.app.database.db.update(auditLog).set({ createdAt }).where(eq(auditLog.id, last!.id));
  return last!.id;
}

const ids = (page: AuditLogResponse) => page.items.map((item) => item.id);

describe(`GET /admin/api/audit-log filters on ${testDatabaseKind}`, () => {
  async function fixture() {
    const kim = await createMember(t.app, { id: 'OpKim', role: 'admin' });
    const lee = await createMember(t.app, { id: 'oplee', role: 'admin' });
    const e = {
      // 2026-11-23 23:59:59 KST: the last second of the 23rd in Seoul.
      accept: await entry(kim, new Date('2026-11-23T14:59:59Z'), {
        action: 'charge.accept',
        targetType: 'charge',
        targetId: '15',
        memo: '통장 확인 완료',
      }),
      // 2026-11-24 00:00:00 KST: the first second of the 24th.
      reject: await entry(lee, new Date('2026-11-23T15:00:00Z'), {
        action: 'charge.reject',
        targetType: 'charge',
        targetId: '150',
        memo: '입금 없음 (Refused)',
      }),
      adjust: await entry(kim, new Date('2026-11-24T05:00:00Z'), {
        action: 'point.adjust',
        targetType: 'member',
        targetId: 'hong_gil',
        memo: '100% 환불',
      }),
      setting: await entry(lee, new Date('2026-11-25T01:00:00Z'), {
        action: 'setting.update',
        targetType: 'setting',
        targetId: 'SITE_MAIN_COLOR',
        memo: '',
      }),
      underscoreLookalike: await entry(kim, new Date('2026-11-25T02:00:00Z'), {
        action: 'point.adjust',
        targetType: 'member',
        targetId: 'hongXgil',
        memo: '100 환불',
      }),
    };
    return { kim, lee, e };
  }

  it('is for operators only, the actions list included', async () => {
    const member = await createMember(t.app);
    for (const url of ['/admin/api/audit-log', '/admin/api/audit-log/actions']) {
      expect((await get(null, url)).statusCode).toBe(401);
      expect((await get(member, url)).statusCode).toBe(403);
    }
  });

  it('filters by action, target type and target id (kept as before)', async () => {
    const { kim, e } = await fixture();
    expect(ids(await list(kim, {}))).toEqual([
      e.underscoreLookalike,
      e.setting,
      e.adjust,
      e.reject,
      e.accept,
    ]);
    expect(ids(await list(kim, { action: 'point.adjust' }))).toEqual([e.underscoreLookalike, e.adjust]);
    expect(ids(await list(kim, { targetType: 'charge' }))).toEqual([e.reject, e.accept]);
    expect(ids(await list(kim, { targetType: 'charge', targetId: '15' }))).toEqual([e.accept]);
  });

  it('filters by operator login id in any case', async () => {
    const { kim, e } = await fixture();
    const page = await list(kim, { operator: 'opkim' });
    expect(ids(page)).toEqual([e.underscoreLookalike, e.adjust, e.accept]);
    expect(page.total).toBe(3);
    expect(page.items.every((item) => item.operatorLoginId === 'OpKim')).toBe(true);
    expect(ids(await list(kim, { operator: 'OPLEE', action: 'charge.reject' }))).toEqual([e.reject]);
    expect((await list(kim, { operator: 'nobody' })).total).toBe(0);
  });

  it('offers 시스템 among the operators once the system acted, and filters its entries (no operator)', async () => {
    const { kim, e } = await fixture();
    const choices = async () =>
      (await get(kim, '/admin/api/audit-log/actions')).json<AuditLogFiltersResponse>().operators;
    expect(await choices()).not.toContain('시스템');
    expect((await list(kim, { operator: '시스템' })).total).toBe(0);
    // The catalog sync's change of a service: an entry without an operator.
    await t.app.database.db.transaction((tx) =>
      auditLogRepository.record(tx, {
        operatorId: null,
        action: 'service.sync',
        targetType: 'service',
        targetId: '3',
        before: { unitPriceMilli: 1000 },
        after: { unitPriceMilli: 1200 },
      }),
    );
    expect(await choices()).toEqual(['OpKim', 'oplee', '시스템']);
    const system = await list(kim, { operator: '시스템' });
    expect(system.total).toBe(1);
    expect(system.items[0]).toMatchObject({ operatorLoginId: '시스템', action: 'service.sync' });
    expect(ids(await list(kim, { operator: 'opkim' }))).toEqual([e.underscoreLookalike, e.adjust, e.accept]);
  });

  it('filters by Seoul days from–to, both inclusive, split at 00:00 KST', async () => {
    const { kim, e } = await fixture();
    expect(ids(await list(kim, { from: '2026-11-24', to: '2026-11-24' }))).toEqual([e.adjust, e.reject]);
    expect(ids(await list(kim, { to: '2026-11-23' }))).toEqual([e.accept]);
    expect(ids(await list(kim, { from: '2026-11-25' }))).toEqual([e.underscoreLookalike, e.setting]);
    const range = await list(kim, { from: '2026-11-23', to: '2026-11-24' });
    expect(ids(range)).toEqual([e.adjust, e.reject, e.accept]);
    expect(range.total).toBe(3);
    expect((await list(kim, { from: '2026-11-26', to: '2026-11-20' })).total).toBe(0);
  });

  it('searches the target id or the memo in any case, taking % and _ literally', async () => {
    const { kim, e } = await fixture();
    expect(ids(await list(kim, { q: '15' }))).toEqual([e.reject, e.accept]);
    expect(ids(await list(kim, { q: 'refused' }))).toEqual([e.reject]);
    expect(ids(await list(kim, { q: 'site_main' }))).toEqual([e.setting]);
    // '_' is a character here, not "any one character": hongXgil does not match.
    expect(ids(await list(kim, { q: 'hong_' }))).toEqual([e.adjust]);
    // '%' is a character too: '100 환불' does not match '100%'.
    expect(ids(await list(kim, { q: '100%' }))).toEqual([e.adjust]);
    expect(ids(await list(kim, { q: '\\' }))).toEqual([]);
    expect(ids(await list(kim, { q: '통장', action: 'charge.reject' }))).toEqual([]);
  });

  it('refuses dates that are not calendar days and control characters with 400', async () => {
    const operator = await createMember(t.app, { role: 'admin' });
    for (const query of ['from=2026-02-30', 'to=2026-1-1', 'from=yesterday', 'q=%00', 'operator=a%00b']) {
      expect((await get(operator, `/admin/api/audit-log?${query}`)).statusCode).toBe(400);
    }
  });

  it('lists an action done through the API with its before and after', async () => {
    const operator = await createMember(t.app, { id: 'opreal', role: 'admin' });
    const member = await createMember(t.app, { id: 'target1' });
    const adjusted = await t.app.inject({
      method: 'POST',
      url: `/admin/api/members/${member.id}/point-adjustments`,
      headers: bearer(await tokenFor(t.app, operator)),
      payload: { delta: 5_000, memo: '이벤트 지급' },
    });
    expect(adjusted.statusCode).toBe(200);
    const page = await list(operator, { operator: 'opreal', q: '이벤트' });
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toMatchObject({
      operatorLoginId: 'opreal',
      action: 'point.adjust',
      targetType: 'member',
      targetId: 'target1',
      memo: '이벤트 지급',
    });
  });

  it('GET /admin/api/audit-log/actions lists the actions, target types and operators present, sorted', async () => {
    const { kim } = await fixture();
    const response = await get(kim, '/admin/api/audit-log/actions');
    expect(response.statusCode).toBe(200);
    expect(response.json<AuditLogFiltersResponse>()).toEqual({
      actions: ['charge.accept', 'charge.reject', 'point.adjust', 'setting.update'],
      targetTypes: ['charge', 'member', 'setting'],
      operators: ['OpKim', 'oplee'],
    });
  });
});
