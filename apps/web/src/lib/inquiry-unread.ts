import { useQuery } from '@tanstack/react-query';
import { inquiriesApi } from '@smm/domain/endpoints';
import { call } from '@/lib/api-client';

/** Every read of the member's 1:1 문의 sits under this key (a new message refetches them all). */
export const INQUIRIES_KEY = ['inquiries'] as const;
export const INQUIRY_UNREAD_KEY = [...INQUIRIES_KEY, 'unread'] as const;

/**
 * The orders whose 1:1 문의 holds a reply the member has not read (docs/product.md#inquiries): 주문내역's
 * marks, read again every minute while the list is shown. The top bar's count comes with the profile.
 */
export const useInquiryUnread = (enabled: boolean) =>
  useQuery({
    queryKey: INQUIRY_UNREAD_KEY,
    queryFn: () => call(inquiriesApi.unread),
    refetchInterval: 60_000,
    enabled,
  });
