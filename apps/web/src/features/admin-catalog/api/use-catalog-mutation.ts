import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CATALOG_QUERY_KEY } from './catalog-keys';

/** A catalog write: every catalog list (and the providers' service counts) is refetched after it. */
export function useCatalogMutation<TVariables, TResult>(
  mutationFn: (variables: TVariables) => Promise<TResult>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CATALOG_QUERY_KEY }),
  });
}
