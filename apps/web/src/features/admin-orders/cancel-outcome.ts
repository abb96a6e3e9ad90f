import { formatWon, withParticle } from '@smm/domain';
import type { OrderCancelResponse } from '@smm/domain/contract';

/**
 * What a cancellation (or a 강제 환불, `forced`) did, from the server's answer (its state at the moment of
 * the action, never the list row the dialog was opened from). A 취소 of an order its provider has asks
 * the provider first: accepted, the refund follows its status; refused or not known, nothing changed.
 * A 강제 환불 refunds now, and a provider that refused or could not be asked is a warning: it may still
 * be delivering.
 */
export function cancelOutcome(
  orderId: number,
  answer: OrderCancelResponse,
  forced = false,
): { tone: 'success' | 'warning'; text: string } {
  const at = answer.order.providerOrderId;
  const number = at ? ` (공급사 주문번호 ${at})` : '';
  const { asked, accepted, error } = answer.provider;
  const order = `주문 #${withParticle(orderId, '을/를')}`;
  if (!forced && at && !(answer.changed && answer.refunded > 0)) {
    if (asked && accepted) {
      return answer.changed
        ? {
            tone: 'success',
            text: `주문 #${orderId}의 취소 요청을 공급사가 받아들였습니다${number}. 환불은 공급사가 취소·부분 완료를 알려오면 됩니다.`,
          }
        : { tone: 'success', text: '이미 처리된 주문입니다.' };
    }
    if (asked || error) {
      return {
        tone: 'warning',
        text: `공급사가 취소를 받아들이지 않아 아무것도 바뀌지 않았습니다${number}: ${error ?? '응답 없음'}. 필요하면 강제 환불하세요.`,
      };
    }
    if (!answer.changed)
      return { tone: 'success', text: '이미 취소됐거나 공급사에 취소를 요청한 주문입니다.' };
  }
  if (!answer.changed) return { tone: 'success', text: '이미 취소된 주문입니다.' };
  const done =
    answer.refunded > 0
      ? `${order} 취소하고 ${withParticle(formatWon(answer.refunded), '을/를')} ${forced ? '강제 ' : ''}환불했습니다.`
      : `${order} 취소했습니다(환불할 금액 없음).`;
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
