import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { inquiriesApi } from '@smm/domain/endpoints';
import { call } from '@/lib/api-client';
import { INQUIRIES_KEY, INQUIRY_UNREAD_KEY } from '@/lib/inquiry-unread';
import { getProfileQueryOptions } from '@/lib/session/profile';

export const useInquiries = (page: number, enabled: boolean) =>
  useQuery({
    queryKey: [...INQUIRIES_KEY, 'list', page],
    queryFn: () => call(inquiriesApi.list, { query: { page } }),
    placeholderData: keepPreviousData,
    enabled,
  });

/** Opening the thread reads its replies (the server marks them), so the badges are read again after it. */
export function useInquiryThread(id: number, enabled: boolean) {
  const client = useQueryClient();
  return useQuery({
    queryKey: [...INQUIRIES_KEY, 'thread', id],
    queryFn: async () => {
      const thread = await call(inquiriesApi.thread, { params: { id } });
      void client.invalidateQueries({ queryKey: INQUIRY_UNREAD_KEY });
      void client.invalidateQueries({ queryKey: getProfileQueryOptions().queryKey });
      return thread;
    },
    enabled,
  });
}

export function useCreateInquiry() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: FormData) => call(inquiriesApi.create, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: INQUIRIES_KEY }),
  });
}

export function useWriteInquiry(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: FormData) => call(inquiriesApi.write, { params: { id }, body }),
    onSuccess: () => client.invalidateQueries({ queryKey: INQUIRIES_KEY }),
  });
}
