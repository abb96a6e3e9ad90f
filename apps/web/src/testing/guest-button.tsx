import { useSession } from '@/lib/session/session-context';

/** Starts browse-only mode the way the landing page's 둘러보기 does, for tests of guest behaviour. */
export function GuestButton() {
  const { startGuest } = useSession();
  return (
    <button type="button" onClick={startGuest}>
      게스트 시작
    </button>
  );
}
