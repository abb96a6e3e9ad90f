import { IMAGE_SIGNATURE_BYTES, validatePopupImage } from '@smm/domain';

function readAs<T extends 'arrayBuffer' | 'dataURL'>(
  blob: Blob,
  kind: T,
): Promise<T extends 'arrayBuffer' ? ArrayBuffer : string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as T extends 'arrayBuffer' ? ArrayBuffer : string);
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    if (kind === 'arrayBuffer') reader.readAsArrayBuffer(blob);
    else reader.readAsDataURL(blob);
  });
}

/**
 * The browser's check before an upload, by the same domain rule as the server: the size, then the
 * file's first bytes (its name and the type the system reports are not trusted on either side).
 */
export async function checkPopupImage(file: File): Promise<string | null> {
  const head = new Uint8Array(await readAs(file.slice(0, IMAGE_SIGNATURE_BYTES), 'arrayBuffer'));
  return validatePopupImage(head, file.size);
}

/** A preview of the chosen file as a data: URL (allowed by the CSP's img-src; no object URL to revoke). */
export const previewOf = (file: File) => readAs(file, 'dataURL');
