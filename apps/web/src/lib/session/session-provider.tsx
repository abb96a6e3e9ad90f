import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { isCancelledError, useQuery, useQueryClient } from '@tanstack/react-query';
import { GUEST_PROFILE, SessionState } from '@smm/domain';
import { toast } from '@/lib/toast';
import {
  getStoredToken,
  isApiError,
  removeStoredToken,
  setUnauthorizedHandler,
  storeToken,
} from '../api-client';
import { clearMemberQueries } from '../query-client';
import { getProfileQueryOptions } from './profile';
import { SessionContext, type Session } from './session-context';

/** Back-off between start-up profile attempts: 0.5 s, 1 s, 2 s, so about 3.5 s of blank page at most. */
export const STARTUP_PROFILE_RETRY_DELAYS_MS = [500, 1000, 2000] as const;

export const SERVER_UNREACHABLE_MESSAGE = '서버에 연결할 수 없습니다. 잠시 후 새로고침해 주세요.';

/** Worth asking again: no answer at all, a 5xx, 408 or 429. Any other 4xx will not change on a retry. */
function isTransient(error: unknown): boolean {
  if (!isApiError(error)) return true;
  return error.status >= 500 || error.status === 408 || error.status === 429;
}

/**
 * The start-up check. Only a 401 drops the token (the api client does that for every call), so a
 * failure that says nothing about the token (network down, 5xx) must not log the member out:
 * - it is retried with back-off while the page still renders nothing (LOADING);
 * - if the server stays unreachable, this page load shows the signed-out state with a toast saying so, and
 *   the token stays stored, so the next load (a reload once the server is back) signs the member in again;
 * - networkMode 'always': an offline browser fails the same way instead of pausing on a blank page forever.
 */
const startupProfileQuery = {
  ...getProfileQueryOptions(),
  networkMode: 'always',
  retry: (failureCount: number, error: unknown) =>
    failureCount < STARTUP_PROFILE_RETRY_DELAYS_MS.length && isTransient(error),
  retryDelay: (failureCount: number) =>
    STARTUP_PROFILE_RETRY_DELAYS_MS[failureCount] ?? STARTUP_PROFILE_RETRY_DELAYS_MS[0],
} as const;

/**
 * The session state machine (docs/product.md#sessions): LOADING → AUTHORIZATION | UN_AUTHORIZATION, GUEST by
 * choice.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<SessionState>(() =>
    getStoredToken() ? SessionState.LOADING : SessionState.UN_AUTHORIZATION,
  );
  // The token this session stands on (null for a visitor or guest), kept beside every change of state.
  const sessionToken = useRef(getStoredToken());

  // A page the browser restores from its back/forward cache comes back with the session it had in memory
  // when it was left — a member's header after /logout and Back, say — whatever storage holds now. When the
  // stored token is no longer the one this session stands on, the page is loaded afresh, which starts the
  // session from storage (docs/product.md#sessions).
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted && getStoredToken() !== sessionToken.current) window.location.reload();
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  // Start-up: a stored token is checked once against the profile endpoint.
  useEffect(() => {
    if (state !== SessionState.LOADING) return;
    let cancelled = false;
    queryClient.fetchQuery(startupProfileQuery).then(
      () => !cancelled && setState(SessionState.AUTHORIZATION),
      (error: unknown) => {
        // A 401 has already dropped the token and signed out through the api client's handler, which
        // also cancels this fetch by clearing the member queries. Anything else leaves the token stored.
        if (cancelled || isCancelledError(error)) return;
        if (isTransient(error)) toast.error(SERVER_UNREACHABLE_MESSAGE);
        setState(SessionState.UN_AUTHORIZATION);
      },
    );
    return () => {
      cancelled = true;
    };
  }, [state, queryClient]);

  useEffect(() => {
    setUnauthorizedHandler((error) => {
      sessionToken.current = null;
      clearMemberQueries(queryClient);
      setState(SessionState.UN_AUTHORIZATION);
      // An operator suspended the account: say so once (several calls may be refused at the same time).
      if (error.code === 'TOKEN_SUSPENDED' && error.message) {
        toast.error(error.message, { id: 'account-suspended' });
      }
    });
    return () => setUnauthorizedHandler(null);
  }, [queryClient]);

  const profileResult = useQuery({
    ...getProfileQueryOptions(),
    enabled: state === SessionState.AUTHORIZATION,
  });

  const signIn = useCallback(
    async (accessToken: string) => {
      storeToken(accessToken);
      sessionToken.current = accessToken;
      clearMemberQueries(queryClient);
      // The caches were just cleared, so this always asks the server with the new token.
      await queryClient.fetchQuery(getProfileQueryOptions());
      setState(SessionState.AUTHORIZATION);
    },
    [queryClient],
  );

  const startGuest = useCallback(() => {
    removeStoredToken();
    sessionToken.current = null;
    clearMemberQueries(queryClient);
    setState(SessionState.GUEST);
  }, [queryClient]);

  const leaveSession = useCallback(() => {
    removeStoredToken();
    sessionToken.current = null;
    clearMemberQueries(queryClient);
    setState(SessionState.UN_AUTHORIZATION);
  }, [queryClient]);

  const refreshProfile = useCallback(async () => {
    if (state !== SessionState.AUTHORIZATION) return;
    await queryClient.invalidateQueries({ queryKey: getProfileQueryOptions().queryKey });
  }, [queryClient, state]);

  const member = state === SessionState.AUTHORIZATION ? (profileResult.data ?? null) : null;
  const profile = state === SessionState.GUEST ? GUEST_PROFILE : member;

  const session = useMemo<Session>(
    () => ({ state, profile, member, signIn, startGuest, leaveSession, refreshProfile }),
    [state, profile, member, signIn, startGuest, leaveSession, refreshProfile],
  );

  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}
