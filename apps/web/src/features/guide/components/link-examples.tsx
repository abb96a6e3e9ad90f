import { CircleCheck, CircleX, TriangleAlert } from 'lucide-react';
import { particle } from '@smm/domain';
import type { LinkExample, LinkVerdict } from '../link-guides';

const VERDICTS: Record<LinkVerdict, { label: string; Icon: typeof CircleCheck }> = {
  valid: { label: '올바른 링크', Icon: CircleCheck },
  'wrong-kind': { label: '종류가 다른 링크', Icon: TriangleAlert },
  invalid: { label: '입력할 수 없는 링크', Icon: CircleX },
};

/** Example links with a verdict in words and an icon (never color alone). */
export function LinkExamples({ examples, titleId }: { examples: LinkExample[]; titleId: string }) {
  return (
    <div className="guide-examples">
      <h3 id={titleId} className="guide-h3">
        링크 예시
      </h3>
      <ul className="guide-example-list" aria-labelledby={titleId}>
        {examples.map((example, i) => {
          const { label, Icon } = VERDICTS[example.verdict];
          return (
            <li key={i} className={`guide-example guide-example-${example.verdict}`}>
              <Icon size={18} aria-hidden className="guide-example-icon" />
              <div className="guide-example-body">
                <span className="guide-example-verdict">{label}</span>
                <code className="guide-example-link">{example.link}</code>
                <span className="guide-example-note">
                  {example.note}
                  {example.needs && (
                    <>
                      {' '}
                      → <strong>{example.needs}</strong>
                      {particle(example.needs, '이/가')} 필요합니다.
                    </>
                  )}
                </span>
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
