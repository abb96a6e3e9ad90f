/**
 * Why this file: the console reads, the domains act (docs/ARCHITECTURE.md#operator-console).
 * Popups (docs/product.md#popups) are content, so adding, switching and removing one, with its image
 * file, live here; admin/content keeps only the console's routes and its list.
 */
import { CONTENT_MESSAGES, detectImageType, POPUP_IMAGE_MAX_BYTES, POPUP_IMAGE_TYPES } from '@smm/domain';
import type { AdminPopup, ChangedResponse, PopupResponse } from '@smm/domain/contract';
import type { FastifyBaseLogger } from 'fastify';
import { auditLogRepository } from '../audit/audit-log.repository';
import type { Db } from '../db/database';
import { appError } from '../errors/app-error';
import { presentAdminPopup } from './operator-content.presenter';
import { contentRepository } from './content.repository';
import type { ContentService } from './content.service';
import { uploadNameOf, uploadUrl, type FileStorage } from './file-storage';

/**
 * Popups (docs/product.md#data-shapes: id, enabled, imageUrl) with their image: the file's type is decided by
 * its own bytes (detectImageType), it is stored under a random name through the FileStorage, and the row
 * points at `/uploads/<name>`. The file is written before the row and removed again if the row's transaction
 * fails; a deleted popup's file is removed after its row's deletion is committed.
 */
export class PopupsEditor {
  constructor(
    private readonly db: Db,
    private readonly content: ContentService,
    private readonly storage: FileStorage,
    private readonly log: FastifyBaseLogger,
  ) {}

  async create(operatorId: number, image: Uint8Array | null, enabled: boolean): Promise<PopupResponse> {
    if (!image || image.length === 0) throw appError('CONTENT_INVALID', CONTENT_MESSAGES.IMAGE_REQUIRED);
    if (image.length > POPUP_IMAGE_MAX_BYTES) throw appError('FILE_TOO_LARGE');
    const ext = detectImageType(image);
    if (!ext) throw appError('CONTENT_INVALID', CONTENT_MESSAGES.IMAGE_TYPE);
    const { name } = await this.storage.put(image, ext);
    let popup: AdminPopup;
    try {
      popup = await this.db.transaction(async (tx) => {
        const after = presentAdminPopup(
          await contentRepository.insertPopup(tx, { imageUrl: uploadUrl(name), enabled }),
        );
        await auditLogRepository.record(tx, {
          operatorId,
          action: 'popup.create',
          targetType: 'popup',
          targetId: after.id,
          before: null,
          after: { ...after, contentType: POPUP_IMAGE_TYPES[ext], bytes: image.length },
        });
        return after;
      });
    } catch (error) {
      await this.storage.remove(name).catch(() => undefined);
      throw error;
    }
    await this.content.changed();
    return { popup, changed: true };
  }

  async setEnabled(operatorId: number, id: number, enabled: boolean): Promise<PopupResponse> {
    const result = await this.db.transaction(async (tx) => {
      const row = await contentRepository.lockPopup(tx, id);
      if (!row) throw appError('NOT_FOUND', CONTENT_MESSAGES.POPUP_NOT_FOUND);
      const before = presentAdminPopup(row);
      if (row.enabled === enabled) return { popup: before, changed: false };
      const after = presentAdminPopup(await contentRepository.setPopupEnabled(tx, id, enabled));
      await auditLogRepository.record(tx, {
        operatorId,
        action: 'popup.update',
        targetType: 'popup',
        targetId: id,
        before,
        after,
      });
      return { popup: after, changed: true };
    });
    if (result.changed) await this.content.changed();
    return result;
  }

  async remove(operatorId: number, id: number): Promise<ChangedResponse> {
    const removed = await this.db.transaction(async (tx) => {
      const row = await contentRepository.lockPopup(tx, id);
      if (!row) return null;
      await contentRepository.deletePopup(tx, id);
      await auditLogRepository.record(tx, {
        operatorId,
        action: 'popup.delete',
        targetType: 'popup',
        targetId: id,
        before: presentAdminPopup(row),
        after: null,
      });
      return row;
    });
    if (!removed) return { changed: false };
    await this.content.changed();
    // Only our own uploads are removed (the demo popup's image ships with the web app).
    const name = uploadNameOf(removed.imageUrl);
    if (name) {
      await this.storage.remove(name).catch((err: unknown) => {
        // The row is gone; a file left behind is only disk space, never shown again.
        this.log.error({ err, popupId: id }, 'popup image not removed');
      });
    }
    return { changed: true };
  }
}
