import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { GUEST_PROFILE, SessionState } from '@smm/domain';
import { getStoredToken, removeStoredToken, setUnauthorizedHandler, storeToken } from '../api-client';
import { clearMemberQueries } from '../query-client';
import { PROFILE_QUERY_KEY, profileQuery } from './profile';
import { SessionContext, type Session } from './session-context';

/** The session state machine of SPEC.md §4: LOADING → AUTHORIZATION | UN_AUTHORIZATION, GUEST by choice. */
export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<SessionState>(() =>
    getStoredToken() ? SessionState.LOADING : SessionState.UN_AUTHORIZATION,
  );

  // Start-up: a stored token is checked once against the profile endpoint.
  useEffect(() => {
    if (state !== SessionState.LOADING) return;
    let cancelled = false;
    queryClient.fetchQuery(profileQuery).then(
      () => !cancelled && setState(SessionState.AUTHORIZATION),
      () => {
        if (cancelled) return;
        removeStoredToken();
        setState(SessionState.UN_AUTHORIZATION);
      },
    );
    return () => {
      cancelled = true;
    };
  }, [state, queryClient]);

  useEffect(() => {
    setUnauthorizedHandler(() => {
      clearMemberQueries(queryClient);
      setState(SessionState.UN_AUTHORIZATION);
    });
    return () => setUnauthorizedHandler(null);
  }, [queryClient]);

  const profileResult = useQuery({ ...profileQuery, enabled: state === SessionState.AUTHORIZATION });

  const signIn = useCallback(
    async (accessToken: string) => {
      storeToken(accessToken);
      clearMemberQueries(queryClient);
      // The caches were just cleared, so this always asks the server with the new token.
      await queryClient.fetchQuery(profileQuery);
      setState(SessionState.AUTHORIZATION);
    },
    [queryClient],
  );

  const startGuest = useCallback(() => {
    removeStoredToken();
    clearMemberQueries(queryClient);
    setState(SessionState.GUEST);
  }, [queryClient]);

  const leaveSession = useCallback(() => {
    removeStoredToken();
    clearMemberQueries(queryClient);
    setState(SessionState.UN_AUTHORIZATION);
  }, [queryClient]);

  const refreshProfile = useCallback(async () => {
    if (state !== SessionState.AUTHORIZATION) return;
    await queryClient.invalidateQueries({ queryKey: PROFILE_QUERY_KEY });
  }, [queryClient, state]);

  const profile =
    state === SessionState.GUEST
      ? GUEST_PROFILE
      : state === SessionState.AUTHORIZATION
        ? (profileResult.data ?? null)
        : null;

  const session = useMemo<Session>(
    () => ({ state, profile, signIn, startGuest, leaveSession, refreshProfile }),
    [state, profile, signIn, startGuest, leaveSession, refreshProfile],
  );

  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}
