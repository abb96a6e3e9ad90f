import { useState } from 'react';
import { Plus } from 'lucide-react';
import { toast } from '@/lib/toast';
import { formatProviderBalance, withParticle } from '@smm/domain';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { AdminPage, AdminSection } from '@/features/admin/components/admin-page';
import { DataTable, type ColumnDef } from '@/features/admin/components/data-table';
import { useCheckProviderBalance } from './api/check-provider-balance';
import { useProviders, type AdminProvider } from '@/features/admin/api/get-providers';
import { useSetProviderEnabled } from './api/set-provider-enabled';
import { CatalogSyncSection } from './components/catalog-sync-section';
import { ProviderHealthSection } from './components/provider-health-section';
import { ProviderFormDialog } from './components/provider-form-dialog';
import { ProviderImportDialog } from './components/provider-import-dialog';
import './catalog.css';

type Balance = { state: 'checking' } | { state: 'ok'; text: string } | { state: 'error'; text: string };

/** 잔액 확인 for one provider, the answer (or the provider's problem) shown in the row. */
function BalanceCell({ provider }: { provider: AdminProvider }) {
  const check = useCheckProviderBalance();
  const [balance, setBalance] = useState<Balance | null>(null);
  const run = () => {
    setBalance({ state: 'checking' });
    check.mutate(provider.id, {
      onSuccess: (answer) =>
        setBalance({ state: 'ok', text: formatProviderBalance(answer.balance, answer.currency) }),
      onError: (error) => {
        const text = errorMessage(error, '잔액을 확인하지 못했습니다.');
        setBalance({ state: 'error', text });
        toast.error(text);
      },
    });
  };
  return (
    <span className="catalog-balance">
      <Button
        size="sm"
        variant="secondary"
        disabled={check.isPending}
        onClick={run}
        aria-label={`${provider.name} 잔액 확인`}
      >
        잔액 확인
      </Button>
      {balance?.state === 'checking' && <span className="catalog-muted">확인 중…</span>}
      {balance?.state === 'ok' && (
        <span className="admin-money" role="status">
          {balance.text}
        </span>
      )}
      {balance?.state === 'error' && (
        <span className="admin-chip admin-chip-danger" role="status" title={balance.text}>
          실패
        </span>
      )}
    </span>
  );
}

/**
 * 공급사: the upstream panels (SMM API v2) that fulfil our services. Keys are only ever shown masked;
 * the balance is asked live; 상품 가져오기 creates services from the provider's list with a markup.
 */
export function ProvidersScreen() {
  const providers = useProviders();
  const setEnabled = useSetProviderEnabled();
  const [editing, setEditing] = useState<{ provider: AdminProvider | null } | null>(null);
  const [importing, setImporting] = useState<AdminProvider | null>(null);

  const toggle = (provider: AdminProvider) =>
    setEnabled.mutate(
      { id: provider.id, enabled: !provider.enabled },
      {
        onSuccess: () =>
          toast.success(
            provider.enabled
              ? `${provider.name} 사용을 중지했습니다.`
              : `${withParticle(provider.name, '을/를')} 다시 사용합니다.`,
          ),
        onError: (error) => toast.error(errorMessage(error, '바꾸지 못했습니다.')),
      },
    );

  const columns: ColumnDef<AdminProvider, never>[] = [
    {
      id: 'name',
      header: '이름',
      size: 170,
      accessorFn: (row) => row.name as never,
      cell: ({ row }) => row.original.name,
    },
    {
      id: 'apiUrl',
      header: 'API 주소',
      size: 190,
      enableSorting: false,
      cell: ({ row }) => <span className="catalog-url">{row.original.apiUrl}</span>,
    },
    {
      id: 'key',
      header: '키',
      size: 90,
      enableSorting: false,
      cell: ({ row }) => <span className="catalog-key">{row.original.maskedKey}</span>,
    },
    {
      id: 'enabled',
      header: '상태',
      size: 90,
      accessorFn: (row) => (row.enabled ? 1 : 0) as never,
      cell: ({ row }) =>
        !row.original.enabled ? (
          <span className="admin-chip admin-chip-muted">중지</span>
        ) : row.original.sendingPaused ? (
          <span className="admin-chip admin-chip-danger" title="신규 주문 전송 중지">
            전송 중지
          </span>
        ) : (
          <span className="admin-chip admin-chip-success">사용 중</span>
        ),
    },
    {
      id: 'serviceCount',
      header: '상품 수',
      size: 80,
      accessorFn: (row) => row.serviceCount as never,
      cell: ({ row }) => <span className="admin-money">{row.original.serviceCount}</span>,
    },
    {
      id: 'balance',
      header: '잔액',
      size: 220,
      enableSorting: false,
      cell: ({ row }) => <BalanceCell provider={row.original} />,
    },
    {
      id: 'actions',
      header: '관리',
      size: 280,
      enableSorting: false,
      cell: ({ row }) => (
        <span className="admin-row-actions">
          <Button size="sm" variant="secondary" onClick={() => setEditing({ provider: row.original })}>
            수정
          </Button>
          <Button size="sm" variant="secondary" onClick={() => setImporting(row.original)}>
            상품 가져오기
          </Button>
          <Button
            size="sm"
            variant="ghost"
            disabled={setEnabled.isPending}
            onClick={() => toggle(row.original)}
          >
            {row.original.enabled ? '사용 중지' : '다시 사용'}
          </Button>
        </span>
      ),
    },
  ];

  return (
    <AdminPage
      title="공급사"
      description="상품을 처리하는 공급사(SMM API v2)와 잔액, 상태를 확인하고, 공급사 상품을 마진을 붙여 가져옵니다."
      actions={
        <Button size="sm" onClick={() => setEditing({ provider: null })}>
          <Plus size={14} aria-hidden /> 공급사 추가
        </Button>
      }
    >
      <AdminSection>
        <DataTable
          label="공급사 목록"
          columns={columns}
          rows={providers.data}
          isLoading={providers.isLoading}
          isError={providers.isError}
          emptyText="등록된 공급사가 없습니다."
          rowId={(row) => String(row.id)}
        />
      </AdminSection>
      <ProviderHealthSection />
      <CatalogSyncSection />
      {editing && <ProviderFormDialog provider={editing.provider} onClose={() => setEditing(null)} />}
      {importing && <ProviderImportDialog provider={importing} onClose={() => setImporting(null)} />}
    </AdminPage>
  );
}
