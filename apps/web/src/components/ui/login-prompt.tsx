import { LogIn } from 'lucide-react';
import { paths } from '@/lib/paths';
import { LeaveSessionLink } from '@/lib/session/leave-session-link';
import './ui.css';

/**
 * What a guest or a signed-out visitor sees instead of a request being sent (docs/product.md#sessions: order
 * and charge actions pass a login guard). `id` lets the submit button point at it with aria-describedby.
 */
export function LoginPrompt({ id, message }: { id: string; message: string }) {
  return (
    <div className="login-prompt" role="alert" id={id}>
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
