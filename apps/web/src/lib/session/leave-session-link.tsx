import { startTransition, type MouseEvent } from 'react';
import { Link, useNavigate, type LinkProps } from 'react-router';
import { useSession } from './session-context';

/**
 * 로그인 / 회원가입 pressed while guest or signed in: end that session and go to the page pressed
 * (docs/product.md#sessions).
 *
 * Both updates run in one transition. The router applies a navigation as a transition; a plain session
 * update is urgent and would render first, on the old path (say /point), where the signed-out route set
 * has no such page and its catch-all <Navigate to="/order"> would win before the navigation lands.
 */
export function LeaveSessionLink({ to, onClick, ...props }: LinkProps & { to: string }) {
  const { leaveSession } = useSession();
  const navigate = useNavigate();
  const leave = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented) return;
    event.preventDefault();
    startTransition(() => {
      leaveSession();
      navigate(to);
    });
  };
  return <Link {...props} to={to} onClick={leave} />;
}
