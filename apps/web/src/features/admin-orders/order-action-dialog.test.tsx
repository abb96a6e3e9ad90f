import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ADMIN_ORDER_MESSAGES, autoOrderCancelRefundWon, formatWon, partialRefundWon } from '@smm/domain';
import type { AdminAutoOrderItem } from '@smm/domain/contract';
import { OrderActionDialog } from './order-action-dialog';
import { sampleOrder } from './orders-test-data';

describe('order action dialog', () => {
  it('shows a held order’s raw provider answer as text on resend and on cancel', () => {
    const providerAnswer = '<br /><b>Notice</b>: Undefined index <script>alert(1)</script>';
    const order = sampleOrder({ providerOrderId: null, providerAnswer });
    for (const kind of ['resend', 'cancel'] as const) {
      const { container, unmount } = render(
        <OrderActionDialog action={{ kind, order }} pending={false} onConfirm={vi.fn()} onCancel={vi.fn()} />,
      );
      expect(screen.getByText('공급사 응답 원문 (앞부분):')).toBeInTheDocument();
      expect(container.querySelector('pre')).toHaveTextContent(providerAnswer);
      expect(container.querySelector('script')).toBeNull();
      unmount();
    }
  });

  it('shows the partial refund as the operator types the undelivered quantity, with the domain’s figure', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    const order = sampleOrder();
    render(
      <OrderActionDialog
        action={{ kind: 'partial', order }}
        pending={false}
        onConfirm={onConfirm}
        onCancel={vi.fn()}
      />,
    );
    const input = screen.getByLabelText('미처리 수량');
    expect(screen.getByText('미처리 수량을 입력하면 환불 금액이 표시됩니다.')).toBeInTheDocument();

    await user.type(input, '333');
    const refund333 = partialRefundWon(order, 333);
    expect(refund333).toBe(116); // 350 − ceil(667 × 0.35) = 350 − 234
    expect(screen.getByText(/환불 금액:/)).toHaveTextContent(
      `환불 금액: ${formatWon(refund333)} (처리된 수량 667개)`,
    );

    await user.clear(input);
    await user.type(input, '1000');
    expect(screen.getByText(ADMIN_ORDER_MESSAGES.REMAINS_INVALID)).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    await user.click(screen.getByRole('button', { name: '부분 완료 처리' }));
    expect(onConfirm).not.toHaveBeenCalled();

    await user.clear(input);
    await user.type(input, '40');
    expect(screen.getByText(/환불 금액:/)).toHaveTextContent(formatWon(partialRefundWon(order, 40)));
    await user.type(screen.getByLabelText('메모 (선택)'), '  40개 미처리 ');
    await user.click(screen.getByRole('button', { name: '부분 완료 처리' }));
    expect(onConfirm).toHaveBeenCalledWith({ memo: '40개 미처리', remains: 40 });
  });

  it('never shows more than what is left to refund', async () => {
    const user = userEvent.setup();
    const order = sampleOrder({ unitPriceMilli: 10_000, amount: 10, cost: 100_000, refunded: 99_990 });
    render(
      <OrderActionDialog
        action={{ kind: 'partial', order }}
        pending={false}
        onConfirm={vi.fn()}
        onCancel={vi.fn()}
      />,
    );
    await user.type(screen.getByLabelText('미처리 수량'), '5');
    expect(screen.getByText(/환불 금액:/)).toHaveTextContent(`환불 금액: ${formatWon(10)}`);
  });

  it('explains a cancellation’s refund and the provider request before confirming', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    render(
      <OrderActionDialog
        action={{ kind: 'cancel', order: sampleOrder({ cost: 12_000, refunded: 0 }) }}
        pending={false}
        onConfirm={onConfirm}
        onCancel={vi.fn()}
      />,
    );
    expect(screen.getByRole('dialog', { name: '주문 취소·환불' })).toBeInTheDocument();
    expect(screen.getByText(/kim_1 회원에게/)).toHaveTextContent('₩12,000');
    expect(screen.getByText(/공급사\(주문번호 9001\)에 먼저 취소를 요청합니다/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '취소' }));
    expect(onConfirm).toHaveBeenCalledWith({ memo: '' });
  });

  it('does not claim an order the list showed unsent is still unsent: a worker may have sent it since', () => {
    render(
      <OrderActionDialog
        action={{ kind: 'cancel', order: sampleOrder({ providerOrderId: null, status: 0 }) }}
        pending={false}
        onConfirm={vi.fn()}
        onCancel={vi.fn()}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: '주문 취소·환불' });
    expect(dialog).not.toHaveTextContent('아직 공급사에 접수되지 않은 주문이라');
    expect(dialog).toHaveTextContent(
      '공급사에 접수된 주문이면 공급사에도 취소를 요청하고, 아직 접수되지 않았다면 더 이상 전송하지 않습니다.',
    );
  });

  it('tells how much stopping an auto-order gives back', () => {
    const autoOrder: AdminAutoOrderItem = {
      id: 77,
      createdAt: '2026-11-21T15:30:00.000Z',
      memberLoginId: 'lee',
      serviceId: 3,
      serviceText: '유튜브 조회수',
      link: 'https://youtube.com/watch?v=1',
      amount: 100,
      runs: 5,
      interval: 60,
      completed: 2,
      unitPriceMilli: 1500,
      cost: 750,
      refunded: 0,
      status: 0,
      nextRunAt: '2026-11-22T01:00:00.000Z',
    };
    render(
      <OrderActionDialog
        action={{ kind: 'auto-cancel', autoOrder }}
        pending={false}
        onConfirm={vi.fn()}
        onCancel={vi.fn()}
      />,
    );
    expect(autoOrderCancelRefundWon(autoOrder)).toBe(450);
    expect(screen.getByText(/3회분/)).toHaveTextContent('₩450');
  });

  it.each([
    [21, 12_000, '주문 #21을 취소하고 kim_1 회원에게 ₩12,000을 환불합니다.'],
    [22, 12_000, '주문 #22를 취소하고 kim_1 회원에게 ₩12,000을 환불합니다.'],
    [10, 2, '주문 #10을 취소하고 kim_1 회원에게 ₩2을 환불합니다.'],
  ])('says order #%s with the particle its reading takes (korean-particles)', (id, cost, text) => {
    render(
      <OrderActionDialog
        action={{ kind: 'cancel', order: sampleOrder({ id, cost, refunded: 0 }) }}
        pending={false}
        onConfirm={vi.fn()}
        onCancel={vi.fn()}
      />,
    );
    const sentence = screen.getByText(/회원에게/);
    expect(sentence).toHaveTextContent(text);
    expect(sentence.textContent).not.toContain('(를)');
  });

  it('says 주문 #21을 when it resends order #21', () => {
    render(
      <OrderActionDialog
        action={{ kind: 'resend', order: sampleOrder({ id: 21 }) }}
        pending={false}
        onConfirm={vi.fn()}
        onCancel={vi.fn()}
      />,
    );
    expect(screen.getByText(/다음 처리 주기에 공급사로 다시 보냅니다/)).toHaveTextContent(
      /^주문 #21을 다음 처리 주기에/,
    );
  });
});
