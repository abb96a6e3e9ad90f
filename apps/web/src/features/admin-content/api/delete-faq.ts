import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminContentApi } from '@smm/domain/endpoints';
import { call } from '@/lib/api-client';
import { FAQS_QUERY_KEY, refreshContent } from './content-keys';

/** DELETE /admin/api/faq/:id */
export const deleteFaq = (id: number) => call(adminContentApi.deleteFaq, { params: { id } });

export function useDeleteFaq() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteFaq, onSuccess: () => refreshContent(queryClient, FAQS_QUERY_KEY) });
}
