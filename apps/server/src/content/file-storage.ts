/**
 * Why this file: popup images are content/'s state (docs/product.md#popups), written only by
 * popups-editor.ts and served at /uploads/:name; one storage interface keeps the backend swappable.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, open, readFile, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { UPLOAD_NAME_PATTERN, type PopupImageExt } from '@smm/domain';

/**
 * Where uploaded files live. One interface, so a second backend (object storage when the panel runs on
 * several machines) replaces the local disk without touching the callers. Names are chosen here, never
 * by the uploader: 32 random hex digits and the extension of the type the bytes were found to be.
 */
export interface FileStorage {
  put(bytes: Uint8Array, ext: PopupImageExt): Promise<{ name: string }>;
  /** The file's bytes, or null when there is no such file (or the name is not one of ours). */
  read(name: string): Promise<Buffer | null>;
  /** Removes the file; a missing one is not an error (a repeated delete). */
  remove(name: string): Promise<void>;
}

const isNotFound = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/** Files in one folder (`<DATA_DIR>/uploads`), created on the first upload. */
export class LocalDiskStorage implements FileStorage {
  constructor(private readonly dir: string) {}

  async put(bytes: Uint8Array, ext: PopupImageExt): Promise<{ name: string }> {
    await mkdir(this.dir, { recursive: true });
    const name = `${randomBytes(16).toString('hex')}.${ext}`;
    // 'wx': never overwrite (a collision of 128 random bits would be a bug, not a replacement).
    const file = await open(this.path(name), 'wx', 0o644);
    try {
      await file.writeFile(bytes);
      // On disk before the popup that names it commits (docs/ARCHITECTURE.md#durability).
      await file.sync();
    } finally {
      await file.close();
    }
    const dir = await open(this.dir, 'r');
    try {
      await dir.sync();
    } finally {
      await dir.close();
    }
    return { name };
  }

  async read(name: string): Promise<Buffer | null> {
    if (!UPLOAD_NAME_PATTERN.test(name)) return null;
    try {
      return await readFile(this.path(name));
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async remove(name: string): Promise<void> {
    if (!UPLOAD_NAME_PATTERN.test(name)) return;
    try {
      await unlink(this.path(name));
    } catch (error) {
      if (!isNotFound(error)) throw error;
    }
  }

  /** Only names matching UPLOAD_NAME_PATTERN get here: no separators, no dots but the extension's. */
  private path(name: string): string {
    if (!UPLOAD_NAME_PATTERN.test(name)) throw new Error('not an upload name');
    return join(this.dir, name);
  }
}

/** The public URL of a stored upload (popups.image_url) and back. */
export const UPLOADS_PATH = '/uploads';
export const uploadUrl = (name: string) => `${UPLOADS_PATH}/${name}`;
export function uploadNameOf(url: string): string | null {
  const prefix = `${UPLOADS_PATH}/`;
  if (!url.startsWith(prefix)) return null;
  const name = url.slice(prefix.length);
  return UPLOAD_NAME_PATTERN.test(name) ? name : null;
}
