import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminRegisterWhere } from '@smm/domain/contract';
import { adminContentApi } from '@smm/domain/endpoints';
import { call } from '@/lib/api-client';
import { REGISTER_WHERES_QUERY_KEY, refreshContent } from './content-keys';

/** PUT /admin/api/register-wheres/order {ids} — every route id once, in the new order. */
export const reorderRegisterWheres = (ids: number[]) =>
  call(adminContentApi.reorderRegisterWheres, { body: { ids } });

/** The list moves at once (optimistic); a refusal puts it back and refetches. */
export function useReorderRegisterWheres() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reorderRegisterWheres,
    onMutate: async (ids) => {
      await queryClient.cancelQueries({ queryKey: REGISTER_WHERES_QUERY_KEY });
      const previous = queryClient.getQueryData<AdminRegisterWhere[]>(REGISTER_WHERES_QUERY_KEY);
      if (previous) {
        const byId = new Map(previous.map((route) => [route.id, route]));
        queryClient.setQueryData(
          REGISTER_WHERES_QUERY_KEY,
          ids.flatMap((id) => byId.get(id) ?? []),
        );
      }
      return { previous };
    },
    onError: (_error, _ids, context) => {
      if (context?.previous) queryClient.setQueryData(REGISTER_WHERES_QUERY_KEY, context.previous);
    },
    onSettled: () => refreshContent(queryClient, REGISTER_WHERES_QUERY_KEY),
  });
}
