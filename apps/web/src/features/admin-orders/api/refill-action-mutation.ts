import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ADMIN_ORDERS_KEY, ADMIN_REFILLS_KEY } from './orders-keys';

/** Shared by the refill action hooks: the refills list and the orders list (its refill states) refetch. */
export function useRefillActionMutation<Body, Answer>(
  name: string,
  post: (id: number, body: Body) => Promise<Answer>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'refill-action', name],
    mutationFn: ({ id, body }: { id: number; body: Body }) => post(id, body),
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ADMIN_REFILLS_KEY }),
        queryClient.invalidateQueries({ queryKey: ADMIN_ORDERS_KEY }),
      ]);
    },
  });
}
