/**
 * Why this file: a member's new inquiry and message are multipart forms (text fields and an optional
 * image, docs/product.md#inquiries); they are read here with the popup upload's limits and translations,
 * and the service checks the fields by the domain's rules and the image by its bytes.
 */
import type { MultipartFile, MultipartValue } from '@fastify/multipart';
import { INQUIRY_MESSAGES, INQUIRY_TEXT_MAX, POPUP_IMAGE_MAX_BYTES } from '@smm/domain';
import type { FastifyRequest } from 'fastify';
import { appError } from '../errors/app-error';
import { translateMultipartError } from '../content/popup-upload';

const FIELDS = ['type', 'title', 'text', 'orderId', 'chargeId'] as const;
type Field = (typeof FIELDS)[number];

/** One image of at most POPUP_IMAGE_MAX_BYTES and the few text fields; a UTF-8 character is up to 4 bytes. */
export const INQUIRY_MULTIPART_LIMITS = {
  files: 1,
  fileSize: POPUP_IMAGE_MAX_BYTES,
  fields: FIELDS.length,
  fieldSize: INQUIRY_TEXT_MAX * 4 + 16,
  fieldNameSize: 50,
  parts: FIELDS.length + 1,
  headerPairs: 20,
} as const;

export interface InquiryForm {
  fields: Partial<Record<Field, string>>;
  image: Buffer | null;
}

const isField = (name: string): name is Field => (FIELDS as readonly string[]).includes(name);

/** Reads the form's known fields (others are ignored) and the file of the field `image`. */
export async function readInquiryForm(request: FastifyRequest): Promise<InquiryForm> {
  const fields: InquiryForm['fields'] = {};
  let image: Buffer | null = null;
  if (!request.isMultipart()) throw appError('BAD_REQUEST');
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const file = part as MultipartFile;
        const bytes = await file.toBuffer();
        if (file.fieldname === 'image' && bytes.length > 0) image = bytes;
      } else {
        const field = part as MultipartValue;
        // A field cut at fieldSize is longer than any rule allows: refused, never read half.
        if (field.valueTruncated) throw appError('INQUIRY_INVALID', INQUIRY_MESSAGES.TEXT_TOO_LONG);
        if (isField(field.fieldname) && typeof field.value === 'string')
          fields[field.fieldname] = field.value;
      }
    }
  } catch (error) {
    throw translateMultipartError(error);
  }
  return { fields, image };
}

/** A numeric id field: absent or empty is null; anything but a whole positive number is a plain 400. */
export function idField(value: string | undefined): number | null {
  if (value === undefined || value === '') return null;
  if (!/^\d{1,10}$/.test(value)) throw appError('BAD_REQUEST');
  const id = Number(value);
  if (id < 1 || id > 2_147_483_647) throw appError('BAD_REQUEST');
  return id;
}
