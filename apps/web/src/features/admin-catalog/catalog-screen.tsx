import { useMemo, useState } from 'react';
import { Plus } from 'lucide-react';
import { toast } from '@/lib/toast';
import { formatCount, formatUnitPrice, SERVICE_TYPE_LABELS, withParticle } from '@smm/domain';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { AdminConfirmDialog } from '@/features/admin/components/admin-confirm-dialog';
import { AdminPage, AdminSection, AdminStatus } from '@/features/admin/components/admin-page';
import { DataTable, type ColumnDef } from '@/features/admin/components/data-table';
import { useDeleteCategory } from './api/delete-category';
import { useDeletePlatform } from './api/delete-platform';
import { useDeleteService } from './api/delete-service';
import { useCategories, type AdminCategory } from './api/get-categories';
import { usePlatforms, type AdminPlatform } from './api/get-platforms';
import { useProviders } from '@/features/admin/api/get-providers';
import { useServices, type AdminService } from './api/get-services';
import { useReorderCategories } from './api/reorder-categories';
import { useReorderPlatforms } from './api/reorder-platforms';
import { useReorderServices } from './api/reorder-services';
import { useSavePlatform } from './api/save-platform';
import { useSaveService } from './api/save-service';
import { CatalogList, VisibleToggle } from './components/catalog-list';
import { CategoryFormDialog } from './components/category-form-dialog';
import { PlatformFormDialog } from './components/platform-form-dialog';
import { ReorderButtons } from '@/features/admin/components/reorder-buttons';
import { ServiceFormDialog, serviceFormOf, serviceRequestOf } from './components/service-form-dialog';
import './catalog.css';

type Editing =
  | { kind: 'platform'; item: AdminPlatform | null }
  | { kind: 'category'; item: AdminCategory | null }
  | { kind: 'service'; item: AdminService | null };

type Deleting =
  | { kind: 'platform'; item: AdminPlatform }
  | { kind: 'category'; item: AdminCategory }
  | { kind: 'service'; item: AdminService };

const DELETE_LABEL = { platform: '플랫폼', category: '카테고리', service: '상품' } as const;

/** A toast for each outcome of a reorder or toggle; the lists refetch by themselves after success. */
function feedback(success: string, failure: string) {
  return {
    onSuccess: () => toast.success(success),
    onError: (error: unknown) => toast.error(errorMessage(error, failure)),
  };
}

/**
 * 플랫폼·상품: platforms, the chosen platform's categories and the chosen category's services, each in
 * the members' order with 위로/아래로 buttons. Every change reaches the member site at once (the
 * server drops its catalog cache).
 */
export function CatalogScreen() {
  const platforms = usePlatforms();
  const categories = useCategories();
  const services = useServices();
  const providers = useProviders();
  const [platformChoice, setPlatformChoice] = useState<number | null>(null);
  const [categoryChoice, setCategoryChoice] = useState<number | null>(null);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<Deleting | null>(null);

  const reorderPlatforms = useReorderPlatforms();
  const reorderCategories = useReorderCategories();
  const reorderServices = useReorderServices();
  const savePlatform = useSavePlatform();
  const saveService = useSaveService();
  const deletePlatform = useDeletePlatform();
  const deleteCategory = useDeleteCategory();
  const deleteService = useDeleteService();

  const platformList = platforms.data ?? [];
  const platform = platformList.find((p) => p.id === platformChoice) ?? platformList[0];
  const categoryList = useMemo(
    () => (categories.data ?? []).filter((c) => c.platformId === platform?.id),
    [categories.data, platform?.id],
  );
  const category = categoryList.find((c) => c.id === categoryChoice) ?? categoryList[0];
  const serviceList = useMemo(
    () => (services.data ?? []).filter((s) => s.categoryId === category?.id),
    [services.data, category?.id],
  );
  const reordering = reorderPlatforms.isPending || reorderCategories.isPending || reorderServices.isPending;

  const togglePlatform = (item: AdminPlatform) =>
    savePlatform.mutate(
      { id: item.id, body: { text: item.text, bgColor: item.bgColor, visible: !item.visible } },
      feedback(
        item.visible
          ? `${withParticle(item.text, '을/를')} 숨겼습니다.`
          : `${withParticle(item.text, '을/를')} 노출합니다.`,
        '바꾸지 못했습니다.',
      ),
    );

  const toggleService = (item: AdminService) => {
    const result = serviceRequestOf({ ...serviceFormOf(item, item.categoryId), visible: !item.visible });
    if ('error' in result) {
      toast.error(result.error);
      return;
    }
    saveService.mutate(
      { id: item.id, body: result.request },
      feedback(item.visible ? '상품을 숨겼습니다.' : '상품을 노출합니다.', '바꾸지 못했습니다.'),
    );
  };

  const confirmDelete = () => {
    if (!deleting) return;
    const done = {
      onSuccess: () => {
        toast.success(`${withParticle(DELETE_LABEL[deleting.kind], '을/를')} 삭제했습니다.`);
        setDeleting(null);
      },
      onError: (error: unknown) => toast.error(errorMessage(error, '삭제하지 못했습니다.')),
    };
    if (deleting.kind === 'platform') deletePlatform.mutate(deleting.item.id, done);
    else if (deleting.kind === 'category') deleteCategory.mutate(deleting.item.id, done);
    else deleteService.mutate(deleting.item.id, done);
  };

  const serviceIds = serviceList.map((s) => s.id);
  const columns: ColumnDef<AdminService, never>[] = [
    {
      id: 'order',
      header: '순서',
      size: 110,
      enableSorting: false,
      cell: ({ row }) => (
        <span className="catalog-order-cell">
          <span className="catalog-order-number">{row.index + 1}</span>
          <ReorderButtons
            ids={serviceIds}
            index={row.index}
            label={row.original.text}
            disabled={reordering}
            onReorder={(ids) =>
              category &&
              reorderServices.mutate(
                { categoryId: category.id, ids },
                feedback('상품 순서를 바꿨습니다.', '순서를 바꾸지 못했습니다.'),
              )
            }
          />
        </span>
      ),
    },
    {
      id: 'text',
      header: '상품명',
      size: 260,
      enableSorting: false,
      // A Custom Comments or Package service says so (docs/product.md#service-types).
      cell: ({ row }) => (
        <>
          {row.original.text}
          {row.original.type !== 'default' && (
            <span className="admin-chip admin-chip-muted"> {SERVICE_TYPE_LABELS[row.original.type]}</span>
          )}
        </>
      ),
    },
    {
      id: 'price',
      header: '단가',
      size: 110,
      enableSorting: false,
      cell: ({ row }) => <span className="admin-money">{formatUnitPrice(row.original.unitPriceMilli)}</span>,
    },
    {
      id: 'min',
      header: '최소',
      size: 90,
      enableSorting: false,
      cell: ({ row }) => <span className="admin-money">{formatCount(row.original.min)}</span>,
    },
    {
      id: 'max',
      header: '최대',
      size: 100,
      enableSorting: false,
      cell: ({ row }) => <span className="admin-money">{formatCount(row.original.max)}</span>,
    },
    {
      id: 'auto',
      header: '자동주문',
      size: 86,
      enableSorting: false,
      cell: ({ row }) =>
        row.original.enableAuto ? <span className="admin-chip admin-chip-success">가능</span> : '-',
    },
    {
      id: 'terms',
      header: '리필 · 취소',
      size: 150,
      enableSorting: false,
      cell: ({ row }) => <ServiceTermChips service={row.original} />,
    },
    {
      id: 'readOnly',
      header: '읽기전용',
      size: 86,
      enableSorting: false,
      cell: ({ row }) =>
        row.original.isReadOnly ? <span className="admin-chip admin-chip-danger">주문불가</span> : '-',
    },
    {
      id: 'visible',
      header: '노출',
      size: 86,
      enableSorting: false,
      cell: ({ row }) => (
        <VisibleToggle
          text={row.original.text}
          visible={row.original.visible}
          disabled={saveService.isPending}
          onToggle={() => toggleService(row.original)}
        />
      ),
    },
    {
      id: 'provider',
      header: '공급사 / 공급사 상품 ID',
      size: 200,
      enableSorting: false,
      cell: ({ row }) =>
        row.original.providerName ? (
          <span>
            {row.original.providerName}{' '}
            <span className="catalog-muted">#{row.original.providerServiceId}</span>
          </span>
        ) : (
          <span className="catalog-muted">없음</span>
        ),
    },
    {
      id: 'actions',
      header: '관리',
      size: 150,
      enableSorting: false,
      cell: ({ row }) => (
        <span className="admin-row-actions">
          <Button
            size="sm"
            variant="secondary"
            onClick={() => setEditing({ kind: 'service', item: row.original })}
          >
            수정
          </Button>
          <Button
            size="sm"
            variant="ghost"
            onClick={() => setDeleting({ kind: 'service', item: row.original })}
          >
            삭제
          </Button>
        </span>
      ),
    },
  ];

  return (
    <AdminPage
      title="플랫폼·상품"
      description="플랫폼, 카테고리, 상품과 그 순서를 관리합니다. 바꾸면 회원 사이트에 바로 반영됩니다."
    >
      <div className="catalog-panes">
        <AdminSection
          title="플랫폼"
          actions={
            <Button size="sm" onClick={() => setEditing({ kind: 'platform', item: null })}>
              <Plus size={14} aria-hidden /> 플랫폼 추가
            </Button>
          }
        >
          {platforms.isError ? (
            <AdminStatus kind="error" />
          ) : platforms.isLoading ? (
            <AdminStatus kind="loading" />
          ) : platformList.length === 0 ? (
            <AdminStatus kind="empty">플랫폼이 없습니다. 먼저 플랫폼을 추가해주세요.</AdminStatus>
          ) : (
            <CatalogList
              label="플랫폼 목록"
              items={platformList}
              selectedId={platform?.id}
              onSelect={(item) => {
                setPlatformChoice(item.id);
                setCategoryChoice(null);
              }}
              count={(item) => `카테고리 ${item.categoryCount}`}
              swatch={(item) => item.bgColor}
              visibility={{
                isVisible: (item) => item.visible,
                disabled: savePlatform.isPending,
                onToggle: togglePlatform,
              }}
              reorderDisabled={reordering}
              onReorder={(ids) =>
                reorderPlatforms.mutate(
                  ids,
                  feedback('플랫폼 순서를 바꿨습니다.', '순서를 바꾸지 못했습니다.'),
                )
              }
              onEdit={(item) => setEditing({ kind: 'platform', item })}
              onDelete={(item) => setDeleting({ kind: 'platform', item })}
            />
          )}
        </AdminSection>

        <AdminSection
          title={platform ? `${platform.text} 카테고리` : '카테고리'}
          actions={
            <Button
              size="sm"
              disabled={!platform}
              onClick={() => setEditing({ kind: 'category', item: null })}
            >
              <Plus size={14} aria-hidden /> 카테고리 추가
            </Button>
          }
        >
          {categories.isError ? (
            <AdminStatus kind="error" />
          ) : categories.isLoading ? (
            <AdminStatus kind="loading" />
          ) : categoryList.length === 0 ? (
            <AdminStatus kind="empty">이 플랫폼에는 카테고리가 없습니다.</AdminStatus>
          ) : (
            <CatalogList
              label="카테고리 목록"
              items={categoryList}
              selectedId={category?.id}
              onSelect={(item) => setCategoryChoice(item.id)}
              count={(item) => `상품 ${item.serviceCount}`}
              reorderDisabled={reordering}
              onReorder={(ids) =>
                platform &&
                reorderCategories.mutate(
                  { platformId: platform.id, ids },
                  feedback('카테고리 순서를 바꿨습니다.', '순서를 바꾸지 못했습니다.'),
                )
              }
              onEdit={(item) => setEditing({ kind: 'category', item })}
              onDelete={(item) => setDeleting({ kind: 'category', item })}
            />
          )}
        </AdminSection>
      </div>

      <AdminSection
        title={category ? `${category.text} 상품` : '상품'}
        actions={
          <Button size="sm" disabled={!category} onClick={() => setEditing({ kind: 'service', item: null })}>
            <Plus size={14} aria-hidden /> 상품 추가
          </Button>
        }
      >
        <DataTable
          label="상품 목록"
          columns={columns}
          rows={category ? serviceList : []}
          isLoading={services.isLoading}
          isError={services.isError}
          emptyText={category ? '이 카테고리에는 상품이 없습니다.' : '카테고리를 먼저 선택해주세요.'}
          rowId={(row) => String(row.id)}
        />
      </AdminSection>

      {editing?.kind === 'platform' && (
        <PlatformFormDialog platform={editing.item} onClose={() => setEditing(null)} />
      )}
      {editing?.kind === 'category' && platform && (
        <CategoryFormDialog
          category={editing.item}
          platformId={platform.id}
          platforms={platformList}
          onClose={() => setEditing(null)}
        />
      )}
      {editing?.kind === 'service' && category && (
        <ServiceFormDialog
          service={editing.item}
          categoryId={category.id}
          categories={categories.data ?? []}
          providers={providers.data ?? []}
          onClose={() => setEditing(null)}
        />
      )}
      {deleting && (
        <AdminConfirmDialog
          title={`${DELETE_LABEL[deleting.kind]} 삭제`}
          description={
            <p className="catalog-confirm-message">
              {`${withParticle(`'${deleting.item.text}'`, '을/를')} 삭제할까요? 되돌릴 수 없습니다.`}
            </p>
          }
          confirmLabel="삭제"
          danger
          pending={deletePlatform.isPending || deleteCategory.isPending || deleteService.isPending}
          onConfirm={confirmDelete}
          onClose={() => setDeleting(null)}
        />
      )}
    </AdminPage>
  );
}

/** A service's refill window and cancellability as two chips ("리필 30일" / "리필 없음", "취소 가능" / "취소 불가"). */
function ServiceTermChips({ service }: { service: AdminService }) {
  return (
    <span className="catalog-chips">
      {service.refillDays > 0 ? (
        <span className="admin-chip admin-chip-success">리필 {service.refillDays}일</span>
      ) : (
        <span className="admin-chip admin-chip-muted">리필 없음</span>
      )}
      {service.cancellable ? (
        <span className="admin-chip admin-chip-success">취소 가능</span>
      ) : (
        <span className="admin-chip admin-chip-muted">취소 불가</span>
      )}
    </span>
  );
}
