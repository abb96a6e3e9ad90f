import { formatWon } from '@smm/domain';
import type { MassOrderLine } from '../api/mass-order';

/**
 * Each pasted line with what became of it: before placing, its price or why it cannot be ordered;
 * after, its order number (자동주문 for a drip-feed line) or the error. Text as text.
 */
export function MassOrderLines({ lines, placed }: { lines: readonly MassOrderLine[]; placed: boolean }) {
  return (
    <div className="mass-order-lines">
      <table>
        <caption className="visually-hidden">{placed ? '줄별 주문 결과' : '줄별 확인 결과'}</caption>
        <thead>
          <tr>
            <th scope="col">줄</th>
            <th scope="col">입력</th>
            <th scope="col">금액</th>
            <th scope="col">{placed ? '결과' : '확인'}</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line.line} className={line.error ? 'mass-order-line-error' : undefined}>
              <td>{line.line}</td>
              <td className="mass-order-line-text">{line.text}</td>
              <td>{line.cost === null ? '-' : formatWon(line.cost)}</td>
              <td>{lineResult(line, placed)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** What the result column (and the CSV) says of a line. */
export function lineResult(line: MassOrderLine, placed: boolean): string {
  if (line.error) return line.error;
  if (!placed) return line.autoOrder ? '주문 가능 (자동주문)' : '주문 가능';
  return line.autoOrder ? `자동주문 #${line.orderId}` : `주문번호 #${line.orderId}`;
}
