import { TriangleAlert } from 'lucide-react';
import { COMMON_MISTAKES } from '../link-guides';

export const MISTAKES_ID = 'guide-mistakes';

export function CommonMistakes() {
  return (
    <section
      id={MISTAKES_ID}
      className="guide-section guide-mistakes"
      aria-labelledby={`${MISTAKES_ID}-title`}
    >
      <header className="guide-section-head">
        <span className="guide-platform-icon" aria-hidden>
          <TriangleAlert size={22} />
        </span>
        <div>
          <h2 id={`${MISTAKES_ID}-title`} className="guide-h2">
            자주 하는 실수
          </h2>
          <p className="guide-intro">주문이 진행되지 않거나 늦어지는 대부분의 이유입니다.</p>
        </div>
      </header>
      <ul className="guide-mistake-list">
        {COMMON_MISTAKES.map((mistake) => (
          <li key={mistake.title}>
            <strong>{mistake.title}</strong>
            <span>{mistake.text}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
