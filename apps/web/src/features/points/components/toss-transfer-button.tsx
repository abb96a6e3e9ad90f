import { Send } from 'lucide-react';
import { tossTransferLink } from '@smm/domain';
import { useSiteSettings } from '@/lib/site-settings';
import type { ChargeRequestResponse } from '../api/request-charge';
import { isTransferAppDevice } from './transfer-app-device';
import './toss-transfer-button.css';

/**
 * 토스로 송금하기 (setting ENABLE_TOSS_PAYMENT, docs/product.md#point-charge-page): on a phone or tablet,
 * a link that opens the Toss app's transfer screen with the bank (BANKING_BANKING_CODE), the account
 * and the payable amount filled in, so the member does not retype them. Nothing on a desktop (no app to
 * open), with the flag off, or without a bank code the link can name: the account and the copy buttons
 * above serve every device. The note says what to do when the app does not open, as a browser shows
 * nothing at all for a scheme no installed app handles.
 */
export function TossTransferButton({ charge }: { charge: ChargeRequestResponse }) {
  const { settings } = useSiteSettings();
  if (!settings.flag('ENABLE_TOSS_PAYMENT') || !isTransferAppDevice()) return null;
  const href = tossTransferLink({
    bankCode: settings.get('BANKING_BANKING_CODE'),
    accountNo: charge.accountNumber,
    amount: charge.payable,
  });
  if (!href) return null;
  return (
    <div className="toss-transfer">
      <a className="btn btn-primary btn-lg btn-block toss-transfer-link" href={href}>
        <Send size={18} aria-hidden /> 토스로 송금하기
      </a>
      <p className="toss-transfer-note">
        토스 앱이 열리지 않으면 앱을 설치하거나 위 계좌로 직접 이체해주세요.
      </p>
    </div>
  );
}
