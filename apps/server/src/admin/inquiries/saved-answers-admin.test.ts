import { CONTENT_MESSAGES, SAVED_ANSWER_MESSAGES as M, SAVED_ANSWER_TITLE_MAX } from '@smm/domain';
import type { AdminSavedAnswer, AuditLogResponse, SavedAnswerResponse } from '@smm/domain/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { bearer, createMember, tokenFor } from '../../test/factories';
import { testDatabaseKind, useTestApp } from '../../test/test-app';

const t = useTestApp();
let operatorToken = '';

beforeEach(async () => {
  operatorToken = await tokenFor(t.app, await createMember(t.app, { role: 'admin' }));
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const URL = '/admin/api/saved-answers';
const asOperator = (method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(operatorToken), ...(payload ? { payload } : {}) });
const list = async () => (await asOperator('GET', URL)).json() as AdminSavedAnswer[];
const create = async (title: string, text: string) =>
  ((await asOperator('POST', URL, { title, text })).json() as SavedAnswerResponse).savedAnswer;

async function auditOf(action: string) {
  const log = (await asOperator('GET', `/admin/api/audit-log?action=${action}`)).json() as AuditLogResponse;
  return log.items;
}

describe(`saved answers (자주 쓰는 답변) on ${testDatabaseKind}`, () => {
  it('creates them at the end of the list, normalised, each audited with its after', async () => {
    const first = await create('  리필 접수  ', '리필을 접수했습니다.\r\n24시간 안에 채워집니다.  ');
    const second = await create('취소 안내', '취소 요청을 확인했습니다.');
    expect(first).toMatchObject({
      title: '리필 접수',
      text: '리필을 접수했습니다.\n24시간 안에 채워집니다.',
    });
    expect((await list()).map((answer) => answer.id)).toEqual([first.id, second.id]);

    const entries = await auditOf('saved-answer.create');
    expect(entries).toHaveLength(2);
    expect(entries.find((entry) => entry.targetId === String(first.id))).toMatchObject({
      targetType: 'saved-answer',
      before: null,
      after: { title: '리필 접수' },
    });
  });

  it('updates, reorders and deletes; a repeat changes nothing and logs nothing', async () => {
    const a = await create('리필 접수', '리필을 접수했습니다.');
    const b = await create('취소 안내', '취소 요청을 확인했습니다.');
    const body = { title: '리필 접수 완료', text: '리필을 접수했습니다. 확인 부탁드립니다.' };
    expect((await asOperator('PUT', `${URL}/${a.id}`, body)).json()).toMatchObject({
      changed: true,
      savedAnswer: body,
    });
    expect((await asOperator('PUT', `${URL}/${a.id}`, body)).json()).toMatchObject({ changed: false });
    const updates = await auditOf('saved-answer.update');
    expect(updates).toHaveLength(1);
    expect(updates[0]).toMatchObject({ before: { title: '리필 접수' }, after: { title: '리필 접수 완료' } });

    expect((await asOperator('PUT', `${URL}/order`, { ids: [b.id, a.id] })).json()).toEqual({
      changed: true,
    });
    expect((await list()).map((answer) => answer.id)).toEqual([b.id, a.id]);
    expect(await auditOf('saved-answer.reorder')).toHaveLength(1);
    const partial = await asOperator('PUT', `${URL}/order`, { ids: [a.id] });
    expect(partial.statusCode).toBe(400);
    expect(partial.json()).toMatchObject({ message: CONTENT_MESSAGES.ORDER_MISMATCH });

    expect((await asOperator('DELETE', `${URL}/${a.id}`)).json()).toEqual({ changed: true });
    expect((await asOperator('DELETE', `${URL}/${a.id}`)).json()).toEqual({ changed: false });
    expect((await list()).map((answer) => answer.id)).toEqual([b.id]);
    expect(await auditOf('saved-answer.delete')).toHaveLength(1);
    const missing = await asOperator('PUT', `${URL}/${a.id}`, body);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ message: M.NOT_FOUND });
  });

  it.each([
    ['an empty title', { title: ' ', text: '안내' }, M.TITLE_EMPTY],
    ['a long title', { title: '가'.repeat(SAVED_ANSWER_TITLE_MAX + 1), text: '안내' }, M.TITLE_TOO_LONG],
    ['a two-line title', { title: '리필\n안내', text: '안내' }, M.TITLE_ONE_LINE],
    ['a text over 2,000', { title: '안내', text: '가'.repeat(2001) }, M.TEXT_TOO_LONG],
    ['an invisible character', { title: '안내', text: '안\u200b내' }, M.INVISIBLE],
  ])('refuses %s with 400 and a Korean message, storing nothing', async (_name, body, message) => {
    const response = await asOperator('POST', URL, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'INQUIRY_INVALID', message });
    expect(await list()).toEqual([]);
    expect(await auditOf('saved-answer.create')).toEqual([]);
  });

  it('refuses NUL and huge bodies with 400, never 500', async () => {
    const nul = await asOperator('POST', URL, { title: '안내', text: '안\u0000내' });
    expect(nul.statusCode).toBe(400);
    const huge = await asOperator('POST', URL, { title: '안내', text: 'a'.repeat(25_000) });
    expect(huge.statusCode).toBe(400);
  });

  it('is the operator’s only: a member is refused', async () => {
    const memberToken = await tokenFor(t.app, await createMember(t.app));
    const response = await t.app.inject({ method: 'GET', url: URL, headers: bearer(memberToken) });
    expect(response.statusCode).toBe(403);
  });
});
