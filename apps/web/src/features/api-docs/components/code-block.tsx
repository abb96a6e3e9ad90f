import { useId } from 'react';
import { Copy } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { copyText } from '@/lib/clipboard';

interface CodeBlockProps {
  /** Names the block for assistive technology and tests ('서비스 목록 요청 예시'). */
  label: string;
  /** Shown in the block's bar: 'curl', 'JSON' … */
  kind: string;
  code: string;
}

/**
 * A code sample with a copy button. The code is text (never HTML) and scrolls sideways inside its own
 * frame, so a long curl line never widens the page on a phone; the frame is focusable for keyboard
 * scrolling.
 */
export function CodeBlock({ label, kind, code }: CodeBlockProps) {
  const labelId = useId();
  return (
    <figure className="code-block" aria-labelledby={labelId}>
      <div className="code-block-bar">
        <span className="code-block-kind">{kind}</span>
        <span id={labelId} className="visually-hidden">
          {label}
        </span>
        <Button
          variant="ghost"
          size="sm"
          className="code-block-copy"
          aria-label={`${label} 복사`}
          onClick={() => void copyText(code)}
        >
          <Copy size={14} aria-hidden /> 복사
        </Button>
      </div>
      <pre className="code-block-body" tabIndex={0}>
        <code>{code}</code>
      </pre>
    </figure>
  );
}

/** A JSON answer, pretty-printed as the server would send it (two-space indent). */
export function JsonBlock({ label, value }: { label: string; value: unknown }) {
  return <CodeBlock label={label} kind="JSON" code={JSON.stringify(value, null, 2)} />;
}
