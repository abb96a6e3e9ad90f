import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminSavedAnswer, SavedAnswerRequest } from '@smm/domain/contract';
import { adminSavedAnswersApi } from '@smm/domain/endpoints';
import { call } from '@/lib/api-client';
import { SAVED_ANSWERS_QUERY_KEY } from '@/features/admin/api/get-saved-answers';

/** POST /admin/api/saved-answers (no id, appended last) or PUT /admin/api/saved-answers/:id — {title, text}. */
export const saveSavedAnswer = ({ id, body }: { id: number | null; body: SavedAnswerRequest }) =>
  id === null
    ? call(adminSavedAnswersApi.create, { body })
    : call(adminSavedAnswersApi.update, { params: { id }, body });

/** DELETE /admin/api/saved-answers/:id */
export const deleteSavedAnswer = (id: number) => call(adminSavedAnswersApi.remove, { params: { id } });

/** PUT /admin/api/saved-answers/order {ids} — every id once, in the new order. */
export const reorderSavedAnswers = (ids: number[]) => call(adminSavedAnswersApi.reorder, { body: { ids } });

export function useSaveSavedAnswer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSavedAnswer,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SAVED_ANSWERS_QUERY_KEY }),
  });
}

export function useDeleteSavedAnswer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSavedAnswer,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SAVED_ANSWERS_QUERY_KEY }),
  });
}

/** The list moves at once (optimistic); a refusal (the list changed meanwhile) puts it back and refetches. */
export function useReorderSavedAnswers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reorderSavedAnswers,
    onMutate: async (ids) => {
      await queryClient.cancelQueries({ queryKey: SAVED_ANSWERS_QUERY_KEY });
      const previous = queryClient.getQueryData<AdminSavedAnswer[]>(SAVED_ANSWERS_QUERY_KEY);
      if (previous) {
        const byId = new Map(previous.map((answer) => [answer.id, answer]));
        queryClient.setQueryData(
          SAVED_ANSWERS_QUERY_KEY,
          ids.flatMap((id) => byId.get(id) ?? []),
        );
      }
      return { previous };
    },
    onError: (_error, _ids, context) => {
      if (context?.previous) queryClient.setQueryData(SAVED_ANSWERS_QUERY_KEY, context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: SAVED_ANSWERS_QUERY_KEY }),
  });
}
