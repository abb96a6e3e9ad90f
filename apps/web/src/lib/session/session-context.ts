import { createContext, useContext } from 'react';
import type { Profile, SessionState } from '@smm/domain';

export interface Session {
  state: SessionState;
  /** The member's profile, the synthetic guest profile, or null when signed out / loading. */
  profile: Profile | null;
  /**
   * The signed-in member's profile, and only that: null for a guest (whose `profile` is the made-up
   * GUEST_PROFILE), a visitor and while loading. What a member alone is offered (주문하기 · 로그아웃 on
   * the landing) reads this, never `profile`, which a guest has too (docs/product.md#sessions).
   */
  member: Profile | null;
  /** Stores the token, drops per-member caches, loads the profile and becomes AUTHORIZATION. */
  signIn: (accessToken: string) => Promise<void>;
  /** Browse-only mode: no server identity and no profile call. */
  startGuest: () => void;
  /** Back to UN_AUTHORIZATION with per-member caches dropped (login/sign-up pressed while guest or member). */
  leaveSession: () => void;
  /** Reloads the profile (after an order or a charge, say). */
  refreshProfile: () => Promise<void>;
}

export const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside <SessionProvider>');
  return session;
}
