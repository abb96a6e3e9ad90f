import { asc } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { registerWheres } from '../db/schema';

export const registerWhereRepository = {
  list(ex: Executor) {
    return ex.select().from(registerWheres).orderBy(asc(registerWheres.sortOrder), asc(registerWheres.id));
  },
};
