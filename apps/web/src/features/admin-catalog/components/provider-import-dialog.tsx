import { useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast';
import {
  CATALOG_MESSAGES,
  DEFAULT_REFILL_DAYS,
  formatCount,
  formatUnitPrice,
  formatWonText,
  providerRateToUnitPriceMilli,
  SERVICE_TYPE_LABELS,
  serviceTypeOfProviderType,
  validateMarkupPercent,
} from '@smm/domain';
import { Checkbox, SelectField, TextField } from '@/components/ui/field';
import { errorMessage } from '@/lib/api-client';
import { AdminStatus } from '@/features/admin/components/admin-page';
import { useCategories } from '../api/get-categories';
import { useProviderServices } from '../api/get-provider-services';
import type { AdminProvider } from '@/features/admin/api/get-providers';
import { useImportProviderServices } from '../api/import-provider-services';
import { AdminDialog, AdminDialogActions } from '@/features/admin/components/admin-dialog';

const markupOf = (text: string) => (/^\d{1,4}$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);

/**
 * 상품 가져오기: the provider's own services list, with our price at the chosen markup computed by the
 * same domain function the server uses (rate per 1,000 → milli-won per unit, rounded up), so the
 * preview is exactly what will be saved. Services already sold in the chosen category are marked.
 */
export function ProviderImportDialog({
  provider,
  onClose,
}: {
  provider: AdminProvider;
  onClose: () => void;
}) {
  const categories = useCategories();
  const listing = useProviderServices(provider.id);
  const importServices = useImportProviderServices();
  const [categoryId, setCategoryId] = useState('');
  const [markup, setMarkup] = useState('30');
  const [visible, setVisible] = useState(true);
  const [chosen, setChosen] = useState<Set<string>>(new Set());

  const categoryList = categories.data ?? [];
  const category = categoryList.find((c) => String(c.id) === categoryId) ?? categoryList[0];
  const markupPercent = markupOf(markup);
  const markupProblem = validateMarkupPercent(markupPercent);
  const items = listing.data ?? [];
  const isImported = (importedIn: number[]) => category !== undefined && importedIn.includes(category.id);
  const selectable = items.filter((item) => !isImported(item.importedCategoryIds));
  const chosenNow = selectable.filter((item) => chosen.has(item.service));

  const toggle = (service: string, on: boolean) =>
    setChosen((current) => {
      const next = new Set(current);
      if (on) next.add(service);
      else next.delete(service);
      return next;
    });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (importServices.isPending || !category) return;
    const problem =
      markupProblem ?? (chosenNow.length === 0 ? CATALOG_MESSAGES.IMPORT_NOTHING_SELECTED : null);
    if (problem) {
      toast.error(problem);
      return;
    }
    importServices.mutate(
      {
        id: provider.id,
        body: {
          categoryId: category.id,
          markupPercent,
          visible,
          items: chosenNow.map((item) => ({ providerServiceId: item.service })),
        },
      },
      {
        onSuccess: (result) => {
          toast.success(`${result.created.length}개 추가, ${result.skipped.length}개 건너뜀`);
          onClose();
        },
        onError: (e) => toast.error(errorMessage(e, '상품을 가져오지 못했습니다.')),
      },
    );
  };

  return (
    <AdminDialog title={`${provider.name} 상품 가져오기`} wide onClose={onClose}>
      <form className="admin-form" onSubmit={submit} noValidate>
        <div className="catalog-import-options">
          <SelectField
            label="넣을 카테고리"
            value={category ? String(category.id) : ''}
            onChange={(e) => setCategoryId(e.target.value)}
          >
            {categoryList.map((c) => (
              <option key={c.id} value={c.id}>
                {c.platformText} › {c.text}
              </option>
            ))}
          </SelectField>
          <TextField
            label="마진 (%)"
            inputMode="numeric"
            value={markup}
            onChange={(e) => setMarkup(e.target.value)}
            hint={markupProblem ?? '공급사 단가에 더할 비율입니다.'}
          />
        </div>
        <Checkbox
          label="가져온 상품을 바로 회원에게 노출"
          checked={visible}
          onChange={(e) => setVisible(e.target.checked)}
        />
        <p className="catalog-import-summary">
          공급사 단가는 1,000개당 가격(원)이며, 판매 단가는 개당 가격으로 올림해 저장합니다.
        </p>
        {listing.isError ? (
          <AdminStatus kind="error">
            {errorMessage(listing.error, '공급사 상품 목록을 불러오지 못했습니다.')}
          </AdminStatus>
        ) : listing.isLoading ? (
          <AdminStatus kind="loading">공급사에 상품 목록을 요청하는 중…</AdminStatus>
        ) : items.length === 0 ? (
          <AdminStatus kind="empty">공급사가 보낸 상품이 없습니다.</AdminStatus>
        ) : (
          <div className="catalog-import-list">
            <table aria-label="공급사 상품 목록">
              <thead>
                <tr>
                  <th>
                    <input
                      type="checkbox"
                      aria-label="전체 선택"
                      checked={selectable.length > 0 && chosenNow.length === selectable.length}
                      onChange={(e) =>
                        setChosen(
                          e.target.checked ? new Set(selectable.map((item) => item.service)) : new Set(),
                        )
                      }
                    />
                  </th>
                  <th>ID</th>
                  <th>상품명</th>
                  <th>공급사 단가 (1,000개당)</th>
                  <th>최소 / 최대</th>
                  <th>리필 · 취소</th>
                  <th>판매 단가 (개당)</th>
                </tr>
              </thead>
              <tbody>
                {items.map((item) => {
                  const imported = isImported(item.importedCategoryIds);
                  const price = Number.isNaN(markupPercent)
                    ? null
                    : providerRateToUnitPriceMilli(item.rate, markupPercent);
                  return (
                    <tr key={item.service}>
                      <td>
                        <input
                          type="checkbox"
                          aria-label={`${item.name} 선택`}
                          disabled={imported}
                          checked={!imported && chosen.has(item.service)}
                          onChange={(e) => toggle(item.service, e.target.checked)}
                        />
                      </td>
                      <td>{item.service}</td>
                      <td className="catalog-import-name">
                        <span className="catalog-import-name-line">
                          <span>
                            {item.name}
                            {item.category && <span className="catalog-muted"> · {item.category}</span>}
                          </span>
                          {imported && <span className="admin-chip admin-chip-muted">가져옴</span>}
                          <ServiceTypeChip providerType={item.type} />
                        </span>
                      </td>
                      <td className="admin-money">{formatWonText(item.rate)}</td>
                      <td className="admin-money">
                        {formatCount(item.min)} / {formatCount(item.max)}
                      </td>
                      <td>
                        <span className="catalog-chips">
                          {item.refill ? (
                            <span className="admin-chip admin-chip-success">
                              리필 {DEFAULT_REFILL_DAYS}일
                            </span>
                          ) : (
                            <span className="admin-chip admin-chip-muted">리필 없음</span>
                          )}
                          {item.cancel ? (
                            <span className="admin-chip admin-chip-success">취소 가능</span>
                          ) : (
                            <span className="admin-chip admin-chip-muted">취소 불가</span>
                          )}
                        </span>
                      </td>
                      <td className="admin-money">{price === null ? '-' : formatUnitPrice(price)}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
        <AdminDialogActions
          onCancel={onClose}
          pending={importServices.isPending}
          submitDisabled={chosenNow.length === 0 || !category}
          submitLabel={`${chosenNow.length}개 가져오기`}
          pendingLabel="가져오는 중…"
        />
      </form>
    </AdminDialog>
  );
}

/**
 * A provider's service type as the panel will sell it (docs/product.md#service-types): nothing for
 * Default, the Korean label for Custom Comments and Package, and a warning for a type it cannot import.
 */
function ServiceTypeChip({ providerType }: { providerType: string }) {
  const type = serviceTypeOfProviderType(providerType);
  if (type === 'default') return null;
  if (type === null) {
    return <span className="admin-chip admin-chip-danger">가져올 수 없는 종류 ({providerType})</span>;
  }
  return <span className="admin-chip admin-chip-muted">{SERVICE_TYPE_LABELS[type]}</span>;
}
