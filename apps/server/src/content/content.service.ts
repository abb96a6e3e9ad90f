import type { Db } from '../db/database';
import { contentRepository } from './content.repository';
import { registerWhereRepository } from './register-where.repository';

/** Notices, FAQ, popups and sign-up routes as members see them. */
export class ContentService {
  constructor(private readonly db: Db) {}

  listRegisterWheres() {
    return registerWhereRepository.list(this.db);
  }

  listNotices() {
    return contentRepository.listNotices(this.db);
  }

  listQnas() {
    return contentRepository.listQnas(this.db);
  }

  listPopups() {
    return contentRepository.listEnabledPopups(this.db);
  }
}
