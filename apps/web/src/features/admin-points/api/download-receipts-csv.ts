import { CSV_BOM, CSV_MIME, csvFileName, isErrorCode } from '@smm/domain';
import { adminPointsApi } from '@smm/domain/endpoints';
import { ApiError, getStoredToken, urlOf } from '@/lib/api-client';
import { saveTextFile } from '@/lib/download';
import { receiptsSearchParams, type ReceiptsSearch } from './get-receipts';

/** The file name the server chose (RFC 5987 `filename*=UTF-8''…`), else one made here. */
function fileNameOf(disposition: string | null): string {
  const encoded = disposition?.match(/filename\*=UTF-8''([^;]+)/i)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded);
    } catch {
      // A malformed name: fall through to ours.
    }
  }
  return csvFileName('증빙', new Date());
}

/**
 * GET /admin/api/receipts.csv: every receipt of the filter (not just the page shown), as the server
 * writes it. The api client speaks JSON only, so this one call reads text itself, with the same token.
 */
export async function downloadReceiptsCsv(search: Omit<ReceiptsSearch, 'page'>): Promise<string> {
  const token = getStoredToken();
  const response = await fetch(
    urlOf(adminPointsApi.receiptsCsv, { query: new URLSearchParams(receiptsSearchParams(search)) }),
    {
      headers: { Accept: 'text/csv', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    },
  );
  const text = await response.text();
  if (!response.ok) {
    let message = '';
    let code: string | undefined;
    try {
      const body = JSON.parse(text) as { message?: unknown; code?: unknown };
      if (typeof body.message === 'string') message = body.message;
      if (typeof body.code === 'string') code = body.code;
    } catch {
      // Not JSON: no message.
    }
    throw new ApiError(response.status, message, isErrorCode(code) ? code : undefined);
  }
  const fileName = fileNameOf(response.headers.get('content-disposition'));
  // Response.text() drops a leading BOM, which Excel needs to read the file as UTF-8.
  saveTextFile(fileName, text.startsWith(CSV_BOM) ? text : `${CSV_BOM}${text}`, CSV_MIME);
  return fileName;
}
