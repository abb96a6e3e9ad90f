import {
  noticesResponse,
  popupsResponse,
  qnasResponse,
  registerWheresResponse,
  type Notice,
  type Popup,
  type Qna,
  type RegisterWhere,
} from '@smm/domain/contract';
import type { Db } from '../db/database';
import type { CacheBus } from '../shared/cache-bus';
import { cachedList, type CachedBody, type HotCache } from '../shared/hot-cache';
import { presentNotice, presentPopup, presentQna, presentRegisterWhere } from './content.presenter';
import { contentRepository } from './content.repository';
import { registerWhereRepository } from './register-where.repository';

/**
 * Notices, FAQ, popups and sign-up routes as members see them, served from memory and dropped when an
 * operator edits any of them (topic 'content').
 */
export class ContentService {
  private readonly registerWheres: HotCache<CachedBody<RegisterWhere[]>>;
  private readonly notices: HotCache<CachedBody<Notice[]>>;
  private readonly qnas: HotCache<CachedBody<Qna[]>>;
  private readonly popups: HotCache<CachedBody<Popup[]>>;

  constructor(
    private readonly db: Db,
    private readonly bus: CacheBus,
  ) {
    this.registerWheres = cachedList(
      registerWheresResponse,
      () => registerWhereRepository.list(db),
      presentRegisterWhere,
    );
    this.notices = cachedList(noticesResponse, () => contentRepository.listNotices(db), presentNotice);
    this.qnas = cachedList(qnasResponse, () => contentRepository.listQnas(db), presentQna);
    this.popups = cachedList(popupsResponse, () => contentRepository.listEnabledPopups(db), presentPopup);
    bus.on('content', () => {
      for (const cache of [this.registerWheres, this.notices, this.qnas, this.popups]) cache.invalidate();
    });
  }

  async registerWheresJson(): Promise<string> {
    return (await this.registerWheres.get()).json;
  }

  /** The texts a sign-up may name as its route. */
  async registerWhereTexts(): Promise<string[]> {
    return (await this.registerWheres.get()).data.map((option) => option.text);
  }

  async noticesJson(): Promise<string> {
    return (await this.notices.get()).json;
  }

  async qnasJson(): Promise<string> {
    return (await this.qnas.get()).json;
  }

  async popupsJson(): Promise<string> {
    return (await this.popups.get()).json;
  }

  /** Called after any operator write to notices, FAQ, popups or sign-up routes. */
  changed(): Promise<void> {
    return this.bus.publish('content');
  }
}
