import { asc } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { registerWheres } from '../db/schema';

export const registerWhereRepository = {
  list(ex: Executor) {
    return ex
      .select({ id: registerWheres.id, text: registerWheres.text })
      .from(registerWheres)
      .orderBy(asc(registerWheres.sortOrder), asc(registerWheres.id));
  },

  async listTexts(ex: Executor): Promise<string[]> {
    return (await this.list(ex)).map((r) => r.text);
  },
};
