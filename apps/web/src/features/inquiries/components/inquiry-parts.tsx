import { useEffect, useState } from 'react';
import { INQUIRY_STATE_LABELS, type InquiryState } from '@smm/domain';
import { getStoredToken } from '@/lib/api-client';

const STATE_TONES: Record<InquiryState, string> = { WAITING: 'wait', ANSWERED: 'done', CLOSED: 'fail' };

/** 답변 대기 / 답변 완료 / 종료 as the histories' status badge. */
export function InquiryStateBadge({ state }: { state: InquiryState }) {
  return (
    <span className={`inquiry-badge inquiry-badge-${STATE_TONES[state]}`}>{INQUIRY_STATE_LABELS[state]}</span>
  );
}

/**
 * An image of the thread: its address answers only with the member's token, so it is fetched with it and
 * shown from the bytes (an <img src> would send no token).
 */
export function InquiryImage({ url }: { url: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let objectUrl: string | null = null;
    let live = true;
    const token = getStoredToken();
    void fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} })
      .then((response) => (response.ok ? response.blob() : null))
      .then((blob) => {
        if (!blob || !live) return;
        objectUrl = URL.createObjectURL(blob);
        setSrc(objectUrl);
      })
      .catch(() => undefined);
    return () => {
      live = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url]);
  if (!src) return null;
  return <img className="inquiry-image" src={src} alt="첨부 이미지" />;
}
