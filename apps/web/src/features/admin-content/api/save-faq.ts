import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FaqRequest } from '@smm/domain/contract';
import { adminContentApi } from '@smm/domain/endpoints';
import { call } from '@/lib/api-client';
import { FAQS_QUERY_KEY, refreshContent } from './content-keys';

/** POST /admin/api/faq (no id, appended last) or PUT /admin/api/faq/:id — {title, answer}. */
export const saveFaq = ({ id, body }: { id: number | null; body: FaqRequest }) =>
  id === null
    ? call(adminContentApi.createFaq, { body })
    : call(adminContentApi.updateFaq, { params: { id }, body });

export function useSaveFaq() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveFaq, onSuccess: () => refreshContent(queryClient, FAQS_QUERY_KEY) });
}
