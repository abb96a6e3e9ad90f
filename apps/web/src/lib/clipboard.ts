import { toast } from '@/lib/toast';

const COPIED_MESSAGE = '복사되었습니다.';

/**
 * Copies to the clipboard with a toast. Without clipboard access (plain http, an old browser) the
 * reader is told to select the text by hand, which every place that offers a copy button allows.
 */
export async function copyText(text: string, copiedMessage: string = COPIED_MESSAGE): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(copiedMessage);
  } catch {
    toast.error('복사하지 못했습니다. 직접 선택해 복사해 주세요.');
  }
}
