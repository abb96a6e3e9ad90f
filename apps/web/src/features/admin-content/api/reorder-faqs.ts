import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminFaq } from '@smm/domain/contract';
import { adminContentApi } from '@smm/domain/endpoints';
import { call } from '@/lib/api-client';
import { FAQS_QUERY_KEY, refreshContent } from './content-keys';

/** PUT /admin/api/faq/order {ids} — every FAQ id once, in the new order. */
export const reorderFaqs = (ids: number[]) => call(adminContentApi.reorderFaqs, { body: { ids } });

/** The list moves at once (optimistic); a refusal (the list changed meanwhile) puts it back and refetches. */
export function useReorderFaqs() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reorderFaqs,
    onMutate: async (ids) => {
      await queryClient.cancelQueries({ queryKey: FAQS_QUERY_KEY });
      const previous = queryClient.getQueryData<AdminFaq[]>(FAQS_QUERY_KEY);
      if (previous) {
        const byId = new Map(previous.map((faq) => [faq.id, faq]));
        queryClient.setQueryData(
          FAQS_QUERY_KEY,
          ids.flatMap((id) => byId.get(id) ?? []),
        );
      }
      return { previous };
    },
    onError: (_error, _ids, context) => {
      if (context?.previous) queryClient.setQueryData(FAQS_QUERY_KEY, context.previous);
    },
    onSettled: () => refreshContent(queryClient, FAQS_QUERY_KEY),
  });
}
