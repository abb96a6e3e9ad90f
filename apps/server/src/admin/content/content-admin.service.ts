/**
 * Why this file: the console reads, the domains act (docs/ARCHITECTURE.md#operator-console).
 * This is the read model of the console's content screens (docs/product.md#operator-console): notices,
 * FAQ, sign-up routes and popups as the operator sees them, and the uploaded images. Every change to
 * them is content/'s (content-editor.ts, popups-editor.ts).
 */
import type { AdminFaq, AdminNotice, AdminPopup, AdminRegisterWhere } from '@smm/domain/contract';
import {
  presentAdminFaq,
  presentAdminNotice,
  presentAdminPopup,
  presentAdminRegisterWhere,
} from '../../content/operator-content.presenter';
import type { FileStorage } from '../../content/file-storage';
import type { Db } from '../../db/database';
import { contentAdminRepository } from './content-admin.repository';

export class ContentAdminService {
  constructor(
    private readonly db: Db,
    private readonly storage: FileStorage,
  ) {}

  async notices(): Promise<AdminNotice[]> {
    return (await contentAdminRepository.notices(this.db)).map(presentAdminNotice);
  }

  async faqs(): Promise<AdminFaq[]> {
    return (await contentAdminRepository.qnas(this.db)).map(presentAdminFaq);
  }

  async registerWheres(): Promise<AdminRegisterWhere[]> {
    return (await contentAdminRepository.registerWheres(this.db)).map(presentAdminRegisterWhere);
  }

  async popups(): Promise<AdminPopup[]> {
    return (await contentAdminRepository.popups(this.db)).map(presentAdminPopup);
  }

  /** An uploaded file as served at /uploads/:name, or null (unknown or not one of ours). */
  upload(name: string): Promise<Buffer | null> {
    return this.storage.read(name);
  }
}
