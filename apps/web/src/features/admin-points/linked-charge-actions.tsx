import { useState } from 'react';
import { ChargeStatus } from '@smm/domain';
import type { AdminChargeItem } from '@smm/domain/contract';
import { Button } from '@/components/ui/button';
import { DecisionDialog } from './charges-screen';
import { AttachHeldDepositDialog } from './components/attach-held-deposit-dialog';

/**
 * The charges screen's 수락 / 거절 of one charge shown elsewhere (a 1:1 문의's linked charge): the same
 * buttons and dialog, and 입금 연결 (a held deposit of 입금 내역 attached to it); `onChanged` once a
 * dialog closes, so the screen reads the charge again.
 */
export function LinkedChargeActions({
  charge,
  onChanged,
}: {
  charge: AdminChargeItem;
  onChanged: () => Promise<unknown>;
}) {
  const [kind, setKind] = useState<'accept' | 'reject' | 'attach' | null>(null);
  if (charge.status === ChargeStatus.SUCCESS) return null;
  return (
    <>
      <div className="admin-row-actions">
        <Button size="sm" onClick={() => setKind('accept')}>
          수락
        </Button>
        {charge.status === ChargeStatus.PENDING && (
          <Button size="sm" variant="outline" onClick={() => setKind('reject')}>
            거절
          </Button>
        )}
        <Button size="sm" variant="outline" onClick={() => setKind('attach')}>
          입금 연결
        </Button>
      </div>
      {kind === 'attach' && (
        <AttachHeldDepositDialog
          charge={charge}
          onClose={() => {
            setKind(null);
            void onChanged();
          }}
        />
      )}
      {(kind === 'accept' || kind === 'reject') && (
        <DecisionDialog
          decision={{ kind, charge }}
          onClose={() => {
            setKind(null);
            void onChanged();
          }}
        />
      )}
    </>
  );
}
