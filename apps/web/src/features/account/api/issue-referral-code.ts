import { useMutation } from '@tanstack/react-query';
import { authApi } from '@smm/domain/endpoints';
import { call } from '@/lib/api-client';
import { useSession } from '@/lib/session/session-context';

/** POST /auth/referral-code: issued once; asking again returns the same code. */
export const issueReferralCode = () => call(authApi.issueReferralCode);

/** Issues the code, then reloads the profile, which now carries it (docs/product.md#account-page). */
export function useIssueReferralCode() {
  const { refreshProfile } = useSession();
  return useMutation({ mutationFn: issueReferralCode, onSuccess: () => refreshProfile() });
}
