import { useMutation } from '@tanstack/react-query';
import { authApi } from '@smm/domain/endpoints';
import { call } from '@/lib/api-client';
import { useSession } from '@/lib/session/session-context';

/** POST /auth/api-key: a new key, shown in full in this answer only; the old key is revoked at once. */
export const issueApiKey = () => call(authApi.issueApiKey);

/**
 * Issues a key, then reloads the profile to show the new key's masked form (docs/product.md#account-page).
 */
export function useIssueApiKey() {
  const { refreshProfile } = useSession();
  return useMutation({ mutationFn: issueApiKey, onSuccess: () => refreshProfile() });
}
