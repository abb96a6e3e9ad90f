import { useState, type FormEvent } from 'react';
import { validateCategoryInput } from '@smm/domain';
import { SelectField, TextField } from '@/components/ui/field';
import type { AdminCategory } from '../api/get-categories';
import type { AdminPlatform } from '../api/get-platforms';
import { useSaveCategory } from '../api/save-category';
import { AdminDialog, AdminDialogActions } from '@/features/admin/components/admin-dialog';
import { submitCatalogForm } from './submit-catalog-form';

/** 카테고리 추가 / 수정: its name and platform (a new platform moves it, last there). */
export function CategoryFormDialog({
  category,
  platformId,
  platforms,
  onClose,
}: {
  category: AdminCategory | null;
  platformId: number;
  platforms: AdminPlatform[];
  onClose: () => void;
}) {
  const [text, setText] = useState(category?.text ?? '');
  const [platform, setPlatform] = useState(String(category?.platformId ?? platformId));
  const [error, setError] = useState<string | null>(null);
  const save = useSaveCategory();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    submitCatalogForm({
      save,
      problem: validateCategoryInput({ text }),
      variables: { id: category?.id ?? null, body: { platformId: Number(platform), text } },
      what: '카테고리를',
      setError,
      onClose,
    });
  };

  return (
    <AdminDialog title={category ? '카테고리 수정' : '카테고리 추가'} onClose={onClose}>
      <form className="admin-form" onSubmit={submit} noValidate>
        <SelectField label="플랫폼" value={platform} onChange={(e) => setPlatform(e.target.value)}>
          {platforms.map((p) => (
            <option key={p.id} value={p.id}>
              {p.text}
            </option>
          ))}
        </SelectField>
        <TextField
          label="카테고리 이름"
          value={text}
          maxLength={100}
          onChange={(e) => setText(e.target.value)}
        />
        {error && (
          <p className="catalog-form-error" role="alert">
            {error}
          </p>
        )}
        <AdminDialogActions onCancel={onClose} pending={save.isPending} />
      </form>
    </AdminDialog>
  );
}
