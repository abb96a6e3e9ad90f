import { toast } from '@/lib/toast';
import { errorMessage } from '@/lib/api-client';

interface SaveMutation<V> {
  isPending: boolean;
  mutate(variables: V, options: { onSuccess: () => void; onError: (error: unknown) => void }): void;
}

/**
 * The submit of the catalog's add/edit dialogs: with a `problem` (the domain rule's message) it is
 * shown on the form and as a toast and nothing is sent; otherwise the save runs, says in Korean what
 * happened (`<what> 추가했습니다.` for a new one, `수정했습니다.` for an edit), and closes the dialog.
 * The server's refusal (a 400 in Korean) is shown on the form as well as in a toast: a toast sits
 * under the modal dialog's backdrop (and, on a phone, under the dialog itself), so it would go unread.
 */
export function submitCatalogForm<V extends { id: number | null }>({
  save,
  problem,
  variables,
  what,
  setError,
  onClose,
  onSaveError,
}: {
  save: SaveMutation<V>;
  problem: string | null;
  /** What to save; null only together with a problem. */
  variables: V | null;
  /** The object with its particle, e.g. '플랫폼을'. */
  what: string;
  setError: (message: string | null) => void;
  onClose: () => void;
  /** A server refusal the form handles itself (e.g. offering a confirmation); true: handled. */
  onSaveError?: (error: unknown) => boolean;
}): void {
  if (save.isPending) return;
  setError(problem);
  if (problem || !variables) {
    if (problem) toast.error(problem);
    return;
  }
  const request = variables;
  save.mutate(request, {
    onSuccess: () => {
      toast.success(`${what} ${request.id === null ? '추가했습니다.' : '수정했습니다.'}`);
      onClose();
    },
    onError: (e) => {
      if (onSaveError?.(e)) return;
      const message = errorMessage(e, `${what} 저장하지 못했습니다.`);
      setError(message);
      toast.error(message);
    },
  });
}
