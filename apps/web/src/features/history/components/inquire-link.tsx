import { ButtonLink } from '@/components/ui/button';
import { useInquiryUnread } from '@/lib/inquiry-unread';
import { paths } from '@/lib/paths';

/**
 * 문의하기 on an order's row: a new 1:1 문의 about this order (docs/product.md#inquiries); 새 답변 when an
 * inquiry about it has a reply the member has not read, which leads to the list of their inquiries.
 */
export function InquireLink({ orderId }: { orderId: number }) {
  const unread = useInquiryUnread(true).data?.orderIds.includes(orderId) ?? false;
  return unread ? (
    <ButtonLink variant="primary" size="sm" to={paths.inquiries}>
      새 답변
    </ButtonLink>
  ) : (
    <ButtonLink variant="outline" size="sm" to={`${paths.inquiries}?orderId=${orderId}`}>
      문의하기
    </ButtonLink>
  );
}
