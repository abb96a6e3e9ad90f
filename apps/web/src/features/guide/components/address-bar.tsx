import { Lock } from 'lucide-react';

/**
 * A drawn browser address bar with the whole address to copy and the part that tells the kind of link
 * apart underlined; the note says what that part means.
 */
export function AddressBar({ url, mark, note }: { url: string; mark?: string; note: string }) {
  const at = mark ? url.indexOf(mark) : -1;
  const parts =
    mark && at >= 0
      ? [url.slice(0, at), url.slice(at, at + mark.length), url.slice(at + mark.length)]
      : [url];
  return (
    <figure className="address-figure">
      <div className="address-bar" role="img" aria-label={`브라우저 주소창 그림: ${url}`}>
        <span className="address-dots" aria-hidden>
          <span />
          <span />
          <span />
        </span>
        <span className="address-field">
          <Lock size={13} aria-hidden className="address-lock" />
          <span className="address-url">
            {parts.length === 3 ? (
              <>
                {parts[0]}
                <mark className="address-mark">{parts[1]}</mark>
                {parts[2]}
              </>
            ) : (
              url
            )}
          </span>
        </span>
      </div>
      <figcaption className="address-note">{note}</figcaption>
    </figure>
  );
}
