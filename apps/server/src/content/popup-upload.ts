/**
 * Why this file: the popup form's multipart body (docs/ARCHITECTURE.md#operator-console: one
 * file, type decided by its bytes, at most 2 MB) is read here, beside the popups editor that checks it.
 */
import type { MultipartFile, MultipartValue } from '@fastify/multipart';
import { CONTENT_MESSAGES, POPUP_IMAGE_MAX_BYTES } from '@smm/domain';
import type { FastifyRequest } from 'fastify';
import { appError } from '../errors/app-error';

/**
 * @fastify/multipart limits for the popup form (registered in the content plugin only): one file of
 * at most POPUP_IMAGE_MAX_BYTES, a couple of short fields. Busboy stops reading past them.
 */
export const POPUP_MULTIPART_LIMITS = {
  files: 1,
  fileSize: POPUP_IMAGE_MAX_BYTES,
  fields: 4,
  fieldSize: 100,
  fieldNameSize: 50,
  parts: 5,
  headerPairs: 20,
} as const;

export interface PopupForm {
  image: Buffer | null;
  enabled: boolean;
}

/** Multipart's own errors, as the app's answers in Korean (the popup form's and the inquiry form's). */
export function translateMultipartError(error: unknown): unknown {
  switch ((error as { code?: string }).code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return appError('FILE_TOO_LARGE');
    case 'FST_FILES_LIMIT':
      return appError('CONTENT_INVALID', CONTENT_MESSAGES.IMAGE_ONE);
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return appError('CONTENT_INVALID', CONTENT_MESSAGES.IMAGE_REQUIRED);
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
    case 'FST_PROTO_VIOLATION':
    case 'FST_INVALID_JSON_FIELD_ERROR':
      return appError('BAD_REQUEST');
    default:
      return error;
  }
}

/**
 * Reads `image` (the file) and `enabled` ('true' | 'false', default true) from a multipart body. The
 * file's name and stated type are ignored: the service decides by the bytes.
 */
export async function readPopupForm(request: FastifyRequest): Promise<PopupForm> {
  let image: Buffer | null = null;
  let enabled = true;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const file = part as MultipartFile;
        const bytes = await file.toBuffer();
        if (file.fieldname === 'image') image = bytes;
      } else {
        const field = part as MultipartValue;
        if (field.fieldname !== 'enabled') continue;
        if (field.value === 'true') enabled = true;
        else if (field.value === 'false') enabled = false;
        else throw appError('CONTENT_INVALID', CONTENT_MESSAGES.ENABLED_INVALID);
      }
    }
  } catch (error) {
    throw translateMultipartError(error);
  }
  return { image, enabled };
}
