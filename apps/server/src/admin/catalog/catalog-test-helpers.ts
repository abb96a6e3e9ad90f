import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { auditLog } from '../../db/schema';
import { bearer, createMember, tokenFor, type TestMember } from '../../test/factories';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** An operator of the test app and a caller that sends their token. */
export async function operatorClient(app: FastifyInstance) {
  const operator = await createMember(app, { role: 'admin' });
  const headers = bearer(await tokenFor(app, operator));
  const call = (method: Method, url: string, payload?: unknown) =>
    app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  return { operator, call };
}

/** What a member (or a visitor) reads of the catalog right now. */
export async function memberCatalog(app: FastifyInstance) {
  const get = async <T>(url: string) => (await app.inject({ method: 'GET', url })).json() as T;
  return {
    platforms:
      await get<{ id: number; text: string; visible: boolean; bgColor: string }[]>('/service/platforms'),
    categories: await get<{ id: number; platform: number; text: string }[]>('/service/categorys'),
    services:
      await get<{ id: number; text: string; unitPriceMilli: number; categoryId: number }[]>(
        '/service/services',
      ),
  };
}

/** The audit rows of one action, newest first. */
export function auditRows(app: FastifyInstance, action: string) {
  return app.database.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.action, action))
    .orderBy(desc(auditLog.id));
}

export type { TestMember };
