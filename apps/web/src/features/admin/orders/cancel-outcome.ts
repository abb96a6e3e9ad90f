import { formatWon, withParticle } from '@smm/domain';
import type { OrderCancelResponse } from '@smm/domain/contract';

/**
 * What a cancellation did, from the server's answer (its state at the moment of the action, never the
 * list row the dialog was opened from): the refund, and whether the order's provider was asked to cancel
 * and what it said. A provider that refused or could not be asked is a warning: the order is cancelled
 * and refunded here, but its provider may still be delivering.
 */
export function cancelOutcome(
  orderId: number,
  answer: OrderCancelResponse,
): { tone: 'success' | 'warning'; text: string } {
  if (!answer.changed) return { tone: 'success', text: '이미 취소된 주문입니다.' };
  const done =
    answer.refunded > 0
      ? `주문 #${withParticle(orderId, '을/를')} 취소하고 ${withParticle(formatWon(answer.refunded), '을/를')} 환불했습니다.`
      : `주문 #${withParticle(orderId, '을/를')} 취소했습니다(환불할 금액 없음).`;
  const at = answer.order.providerOrderId;
  const number = at ? ` (공급사 주문번호 ${at})` : '';
  const { asked, accepted, error } = answer.provider;
  if (asked && accepted) {
    return { tone: 'success', text: `${done} 공급사도 취소 요청을 받아들였습니다${number}.` };
  }
  if (asked) {
    return {
      tone: 'warning',
      text: `${done} 공급사는 취소 요청을 받아들이지 않았습니다${number}: ${error ?? '응답 없음'}`,
    };
  }
  if (error) return { tone: 'warning', text: `${done} ${error}` };
  return {
    tone: 'success',
    text: `${done} 공급사에 접수되기 전이라 공급사에는 아무것도 보내지 않았고, 더 이상 전송되지 않습니다.`,
  };
}
