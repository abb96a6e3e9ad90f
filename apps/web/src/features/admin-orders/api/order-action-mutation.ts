import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ADMIN_AUTO_ORDERS_KEY, ADMIN_ORDERS_KEY } from './orders-keys';

/** Shared by the action hooks: after any action both lists are refetched (a run's refund shows on its auto-order). */
export function useOrderActionMutation<Body, Answer>(
  name: string,
  post: (id: number, body: Body) => Promise<Answer>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'order-action', name],
    mutationFn: ({ id, body }: { id: number; body: Body }) => post(id, body),
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ADMIN_ORDERS_KEY }),
        queryClient.invalidateQueries({ queryKey: ADMIN_AUTO_ORDERS_KEY }),
      ]);
    },
  });
}
