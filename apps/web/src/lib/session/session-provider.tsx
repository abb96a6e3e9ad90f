import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { GUEST_PROFILE, SessionState } from '@smm/domain';
import { getStoredToken, removeStoredToken, setUnauthorizedHandler, storeToken } from '../api-client';
import { clearMemberQueries } from '../query-client';
import { getProfile, PROFILE_QUERY_KEY } from './profile';
import { SessionContext, type Session } from './session-context';

const PROFILE_STALE_TIME = 30_000;

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
    queryClient
      .fetchQuery({ queryKey: PROFILE_QUERY_KEY, queryFn: getProfile, staleTime: PROFILE_STALE_TIME })
      .then(
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

  const profileQuery = useQuery({
    queryKey: PROFILE_QUERY_KEY,
    queryFn: getProfile,
    staleTime: PROFILE_STALE_TIME,
    enabled: state === SessionState.AUTHORIZATION,
  });

  const signIn = useCallback(
    async (accessToken: string) => {
      storeToken(accessToken);
      clearMemberQueries(queryClient);
      await queryClient.fetchQuery({ queryKey: PROFILE_QUERY_KEY, queryFn: getProfile });
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
        ? (profileQuery.data ?? null)
        : null;

  const session = useMemo<Session>(
    () => ({ state, profile, signIn, startGuest, leaveSession, refreshProfile }),
    [state, profile, signIn, startGuest, leaveSession, refreshProfile],
  );

  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}
