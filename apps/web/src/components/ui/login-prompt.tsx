import { useEffect, useRef } from 'react';
import { LogIn } from 'lucide-react';
import { paths } from '@/lib/paths';
import { LeaveSessionLink } from '@/lib/session/leave-session-link';
import './ui.css';

/**
 * What a guest or a signed-out visitor sees instead of a request being sent (docs/product.md#sessions: order
 * and charge actions pass a login guard). `id` lets the submit button point at it with aria-describedby.
 */
export function LoginPrompt({ id, message }: { id: string; message: string }) {
  const box = useRef<HTMLDivElement>(null);
  // It opens under the submit button, below the fold on a laptop screen: brought into view each time it
  // is shown (the forms remount it per press), or the press seems to do nothing.
  useEffect(() => {
    box.current?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  }, []);
  return (
    <div className="login-prompt" role="alert" id={id} ref={box}>
      <LogIn size={20} aria-hidden />
      <div>
        <strong>로그인이 필요합니다</strong>
        <p>{message}</p>
      </div>
      <LeaveSessionLink to={paths.login} className="btn btn-primary btn-sm">
        로그인하러 가기
      </LeaveSessionLink>
    </div>
  );
}
