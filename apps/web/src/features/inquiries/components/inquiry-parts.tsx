import { useEffect, useState } from 'react';
import { INQUIRY_STATE_LABELS, POPUP_IMAGE_ACCEPT, type InquiryState } from '@smm/domain';
import { Button } from '@/components/ui/button';
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

/**
 * The end of both inquiry forms (a new inquiry, a message in a thread): the text, an optional image (the
 * popup upload's checks on the server), the refusal and the submit button. `imageKey` changes after a
 * message was sent, so the file field is emptied with the form.
 */
export function InquiryMessageFields({
  id,
  label,
  text,
  onText,
  onImage,
  imageKey,
  problem,
  pending,
  submitLabel,
}: {
  id: string;
  label: string;
  text: string;
  onText: (text: string) => void;
  onImage: (image: File | null) => void;
  imageKey?: number;
  problem: string | null;
  pending: boolean;
  submitLabel: string;
}) {
  return (
    <>
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <textarea
        id={id}
        className="input"
        value={text}
        maxLength={2000}
        onChange={(e) => onText(e.target.value)}
      />
      <label className="field-label" htmlFor={`${id}-image`}>
        이미지 (선택, 2MB 이하)
      </label>
      <input
        key={imageKey}
        id={`${id}-image`}
        type="file"
        accept={POPUP_IMAGE_ACCEPT}
        onChange={(e) => onImage(e.target.files?.[0] ?? null)}
      />
      {problem && (
        <p className="inquiry-error" role="alert">
          {problem}
        </p>
      )}
      <Button type="submit" disabled={pending}>
        {submitLabel}
      </Button>
    </>
  );
}
