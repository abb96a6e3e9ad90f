import { CONTENT_MESSAGES, NOTICE_CONTENT_MAX, REGISTER_MESSAGES } from '@smm/domain';
import type {
  AdminFaq,
  AdminNotice,
  AdminRegisterWhere,
  AuditLogResponse,
  Notice,
  Qna,
  RegisterWhere,
} from '@smm/domain/contract';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { accounts } from '../../db/schema';
import { bearer, createMember, tokenFor } from '../../test/factories';
import { testDatabaseKind, useTestApp } from '../../test/test-app';

const t = useTestApp();
let operatorToken = '';

beforeEach(async () => {
  operatorToken = await tokenFor(t.app, await createMember(t.app, { role: 'admin' }));
});

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const asOperator = (method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(operatorToken), ...(payload ? { payload } : {}) });
const memberRead = async <T>(url: string) => (await t.app.inject({ method: 'GET', url })).json() as T;

async function auditOf(action: string) {
  const log = (await asOperator('GET', `/admin/api/audit-log?action=${action}`)).json() as AuditLogResponse;
  return log.items;
}

describe(`operator notices on ${testDatabaseKind}`, () => {
  it('creates a pinned, colored notice that members see at once, audited with its after', async () => {
    await memberRead('/service/notices'); // the hot cache holds the old list now
    const response = await asOperator('POST', '/admin/api/notices', {
      content: '  점검 안내\r\n오늘 밤 2시  ',
      isTop: true,
      bgColor: '#FEF3C7',
    });
    expect(response.statusCode).toBe(200);
    const { notice, changed } = response.json() as { notice: AdminNotice; changed: boolean };
    expect(changed).toBe(true);
    expect(notice).toMatchObject({ content: '점검 안내\n오늘 밤 2시', isTop: true, bgColor: '#fef3c7' });

    const members = await memberRead<Notice[]>('/service/notices');
    expect(members[0]).toEqual({ id: notice.id, content: notice.content, isTop: true, bgColor: '#fef3c7' });

    const [entry, ...rest] = await auditOf('notice.create');
    expect(rest).toEqual([]);
    expect(entry).toMatchObject({ targetType: 'notice', targetId: String(notice.id), before: null });
    expect(entry?.after).toMatchObject({ content: notice.content, isTop: true });
  });

  it('updates and deletes; the same update or a second delete changes nothing and logs nothing', async () => {
    const created = (
      await asOperator('POST', '/admin/api/notices', { content: '첫 공지', isTop: false, bgColor: null })
    ).json() as { notice: AdminNotice };
    const url = `/admin/api/notices/${created.notice.id}`;
    const body = { content: '고친 공지', isTop: true, bgColor: '#e0f2fe' };

    const first = (await asOperator('PUT', url, body)).json() as { notice: AdminNotice; changed: boolean };
    expect(first).toMatchObject({ changed: true, notice: { content: '고친 공지', isTop: true } });
    expect((await asOperator('PUT', url, body)).json()).toMatchObject({ changed: false });
    const updates = await auditOf('notice.update');
    expect(updates).toHaveLength(1);
    expect(updates[0]).toMatchObject({
      before: { content: '첫 공지', isTop: false },
      after: { content: '고친 공지' },
    });
    expect((await memberRead<Notice[]>('/service/notices')).some((n) => n.content === '고친 공지')).toBe(
      true,
    );

    expect((await asOperator('DELETE', url)).json()).toEqual({ changed: true });
    expect((await asOperator('DELETE', url)).json()).toEqual({ changed: false });
    expect(await auditOf('notice.delete')).toHaveLength(1);
    expect((await memberRead<Notice[]>('/service/notices')).some((n) => n.id === created.notice.id)).toBe(
      false,
    );
    expect((await asOperator('PUT', url, body)).statusCode).toBe(404);
  });

  it('the same update raced twice applies once', async () => {
    const { notice } = (
      await asOperator('POST', '/admin/api/notices', { content: '경쟁', isTop: false, bgColor: null })
    ).json() as { notice: AdminNotice };
    const body = { content: '경쟁 후', isTop: true, bgColor: null };
    const answers = await Promise.all([
      asOperator('PUT', `/admin/api/notices/${notice.id}`, body),
      asOperator('PUT', `/admin/api/notices/${notice.id}`, body),
    ]);
    expect(answers.map((a) => (a.json() as { changed: boolean }).changed).sort()).toEqual([false, true]);
    expect(await auditOf('notice.update')).toHaveLength(1);
  });

  it('refuses what the site cannot show, in Korean, and stores nothing', async () => {
    const before = await memberRead<Notice[]>('/service/notices');
    const cases: [object, string][] = [
      [{ content: '   ', isTop: false, bgColor: null }, CONTENT_MESSAGES.NOTICE_EMPTY],
      [{ content: 'a'.repeat(NOTICE_CONTENT_MAX + 1) }, CONTENT_MESSAGES.NOTICE_TOO_LONG],
      [{ content: '색', isTop: true, bgColor: 'red' }, CONTENT_MESSAGES.BG_COLOR],
      [{ content: '색', isTop: true, bgColor: '#12345' }, CONTENT_MESSAGES.BG_COLOR],
    ];
    for (const [payload, message] of cases) {
      const response = await asOperator('POST', '/admin/api/notices', payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(400);
      expect(response.json()).toMatchObject({ message, code: 'CONTENT_INVALID' });
    }
    for (const payload of [
      { content: 'a\u0000b' },
      { content: 'x', isTop: 'yes' },
      { content: 'x'.repeat(30_000) },
    ]) {
      expect((await asOperator('POST', '/admin/api/notices', payload)).statusCode).toBe(400);
    }
    expect((await asOperator('PUT', '/admin/api/notices/abc', { content: 'x' })).statusCode).toBe(400);
    expect((await asOperator('PUT', '/admin/api/notices/99999999999', { content: 'x' })).statusCode).toBe(
      400,
    );
    expect(await memberRead<Notice[]>('/service/notices')).toEqual(before);
    expect(await auditOf('notice.create')).toEqual([]);
  });

  it('accepts exactly 2,000 characters with line breaks', async () => {
    const content = `${'가'.repeat(NOTICE_CONTENT_MAX - 2)}\n나`;
    const response = await asOperator('POST', '/admin/api/notices', { content });
    expect(response.statusCode).toBe(200);
    expect((response.json() as { notice: AdminNotice }).notice.content).toBe(content);
  });
});

describe(`operator FAQ on ${testDatabaseKind}`, () => {
  const list = async () => (await asOperator('GET', '/admin/api/faq')).json() as AdminFaq[];

  it('adds at the end, edits, and members see the change at once', async () => {
    await memberRead('/service/qnas');
    const created = (
      await asOperator('POST', '/admin/api/faq', { title: '새 질문', answer: '답변\n둘째 줄' })
    ).json() as {
      faq: AdminFaq;
    };
    const all = await list();
    expect(all.at(-1)).toEqual(created.faq);
    expect((await memberRead<Qna[]>('/service/qnas')).at(-1)).toEqual({
      title: '새 질문',
      answer: '답변\n둘째 줄',
    });

    const edited = await asOperator('PUT', `/admin/api/faq/${created.faq.id}`, {
      title: '고친 질문',
      answer: '답변',
    });
    expect(edited.json()).toMatchObject({ changed: true, faq: { title: '고친 질문' } });
    expect((await memberRead<Qna[]>('/service/qnas')).at(-1)?.title).toBe('고친 질문');
    expect((await auditOf('faq.update'))[0]).toMatchObject({
      before: { title: '새 질문' },
      after: { title: '고친 질문' },
    });

    for (const [payload, message] of [
      [{ title: '', answer: '답' }, CONTENT_MESSAGES.FAQ_TITLE_EMPTY],
      [{ title: '질문', answer: ' ' }, CONTENT_MESSAGES.FAQ_ANSWER_EMPTY],
    ] as const) {
      const response = await asOperator('POST', '/admin/api/faq', payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ message });
    }
  });

  it('reorders only with the full set; the members list follows; the same order changes nothing', async () => {
    const ids = (await list()).map((f) => f.id);
    expect(ids.length).toBeGreaterThan(2);
    const reversed = [...ids].reverse();

    for (const bad of [
      ids.slice(1),
      [...ids, ids[0]!],
      [...ids.slice(1), ids[1]!],
      [...ids.slice(1), 999999],
    ]) {
      const response = await asOperator('PUT', '/admin/api/faq/order', { ids: bad });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ message: CONTENT_MESSAGES.ORDER_MISMATCH });
    }
    expect((await list()).map((f) => f.id)).toEqual(ids);

    expect((await asOperator('PUT', '/admin/api/faq/order', { ids: reversed })).json()).toEqual({
      changed: true,
    });
    expect((await list()).map((f) => f.id)).toEqual(reversed);
    const titles = (await list()).map((f) => f.title);
    expect((await memberRead<Qna[]>('/service/qnas')).map((q) => q.title)).toEqual(titles);
    expect((await asOperator('PUT', '/admin/api/faq/order', { ids: reversed })).json()).toEqual({
      changed: false,
    });
    const log = await auditOf('faq.reorder');
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ before: { ids }, after: { ids: reversed } });
  });

  it('a delete raced twice deletes once; a new one is appended after a reorder', async () => {
    const [first, second] = await list();
    const answers = await Promise.all([
      asOperator('DELETE', `/admin/api/faq/${first!.id}`),
      asOperator('DELETE', `/admin/api/faq/${first!.id}`),
    ]);
    expect(answers.map((a) => (a.json() as { changed: boolean }).changed).sort()).toEqual([false, true]);
    expect(await auditOf('faq.delete')).toHaveLength(1);
    expect((await list()).map((f) => f.id)).not.toContain(first!.id);
    expect((await list())[0]?.id).toBe(second!.id);
  });
});

describe(`operator sign-up routes on ${testDatabaseKind}`, () => {
  const list = async () =>
    (await asOperator('GET', '/admin/api/register-wheres')).json() as AdminRegisterWhere[];

  it('adds, renames, reorders; sign-up offers exactly the list; duplicates refused', async () => {
    await memberRead('/service/register-where');
    const created = await asOperator('POST', '/admin/api/register-wheres', { text: '  블로그 ' });
    expect(created.json()).toMatchObject({ changed: true, registerWhere: { text: '블로그' } });
    expect((await memberRead<RegisterWhere[]>('/service/register-where')).at(-1)?.text).toBe('블로그');

    const duplicate = await asOperator('POST', '/admin/api/register-wheres', { text: '블로그' });
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json()).toMatchObject({ message: CONTENT_MESSAGES.REGISTER_WHERE_DUPLICATE });
    const twoLines = await asOperator('POST', '/admin/api/register-wheres', { text: '블로\n그' });
    expect(twoLines.json()).toMatchObject({ message: CONTENT_MESSAGES.REGISTER_WHERE_ONE_LINE });

    const id = (created.json() as { registerWhere: AdminRegisterWhere }).registerWhere.id;
    const taken = await asOperator('PUT', `/admin/api/register-wheres/${id}`, { text: '기타' });
    expect(taken.json()).toMatchObject({ message: CONTENT_MESSAGES.REGISTER_WHERE_DUPLICATE });
    expect(
      (await asOperator('PUT', `/admin/api/register-wheres/${id}`, { text: '네이버 블로그' })).json(),
    ).toMatchObject({
      changed: true,
    });

    const ids = (await list()).map((r) => r.id);
    const moved = [id, ...ids.filter((x) => x !== id)];
    expect((await asOperator('PUT', '/admin/api/register-wheres/order', { ids: moved })).json()).toEqual({
      changed: true,
    });
    expect((await memberRead<RegisterWhere[]>('/service/register-where')).map((r) => r.id)).toEqual(moved);
    expect(
      (await asOperator('PUT', '/admin/api/register-wheres/order', { ids: ids.slice(1) })).statusCode,
    ).toBe(400);
  });

  it('two identical adds raced: one route, one audit entry', async () => {
    const answers = await Promise.all([
      asOperator('POST', '/admin/api/register-wheres', { text: '틱톡' }),
      asOperator('POST', '/admin/api/register-wheres', { text: '틱톡' }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
    expect((await list()).filter((r) => r.text === '틱톡')).toHaveLength(1);
    expect(await auditOf('register-route.create')).toHaveLength(1);
  });

  it('deleting a route members chose keeps their accounts as they were; new sign-ups cannot choose it', async () => {
    const member = await createMember(t.app); // signed up with '지인 추천'
    const route = (await list()).find((r) => r.text === '지인 추천')!;
    expect((await asOperator('DELETE', `/admin/api/register-wheres/${route.id}`)).json()).toEqual({
      changed: true,
    });
    const [account] = await t.app.database.db
      .select({ registerWhere: accounts.registerWhere })
      .from(accounts)
      .where(eq(accounts.id, member.accountId));
    expect(account?.registerWhere).toBe('지인 추천');
    expect((await memberRead<RegisterWhere[]>('/service/register-where')).map((r) => r.text)).not.toContain(
      '지인 추천',
    );
    const signUp = (registerWhere: string) =>
      t.app.inject({
        method: 'POST',
        url: '/auth/register',
        payload: { id: 'newcomer1', password: 'pass-word-1', email: 'newcomer1@example.com', registerWhere },
      });
    const refused = await signUp('지인 추천');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ message: REGISTER_MESSAGES.REGISTER_WHERE_REQUIRED });
    expect((await signUp('기타')).statusCode).toBe(201);
    expect((await auditOf('register-route.delete'))[0]).toMatchObject({
      before: { text: '지인 추천' },
      after: null,
    });
  });
});
