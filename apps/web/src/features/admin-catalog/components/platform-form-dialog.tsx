import { useState, type FormEvent } from 'react';
import { validatePlatformInput } from '@smm/domain';
import { Checkbox, TextField } from '@/components/ui/field';
import type { AdminPlatform } from '../api/get-platforms';
import { useSavePlatform } from '../api/save-platform';
import { AdminDialog, AdminDialogActions } from '@/features/admin/components/admin-dialog';
import { submitCatalogForm } from './submit-catalog-form';

/** 플랫폼 추가 / 수정: name, background color (#rrggbb, with a picker), shown to members or not. */
export function PlatformFormDialog({
  platform,
  onClose,
}: {
  platform: AdminPlatform | null;
  onClose: () => void;
}) {
  const [text, setText] = useState(platform?.text ?? '');
  const [bgColor, setBgColor] = useState(platform?.bgColor ?? '#ffffff');
  const [visible, setVisible] = useState(platform?.visible ?? true);
  const [error, setError] = useState<string | null>(null);
  const save = useSavePlatform();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = { text, bgColor: bgColor.trim(), visible };
    submitCatalogForm({
      save,
      problem: validatePlatformInput(body),
      variables: { id: platform?.id ?? null, body },
      what: '플랫폼을',
      setError,
      onClose,
    });
  };

  return (
    <AdminDialog title={platform ? '플랫폼 수정' : '플랫폼 추가'} onClose={onClose}>
      <form className="admin-form" onSubmit={submit} noValidate>
        <TextField
          label="플랫폼 이름"
          value={text}
          maxLength={100}
          onChange={(e) => setText(e.target.value)}
        />
        <TextField
          label="배경색"
          value={bgColor}
          maxLength={7}
          placeholder="#fdf2f8"
          hint="회원 사이트의 플랫폼 타일 배경입니다. #rrggbb 형식으로 입력해주세요."
          onChange={(e) => setBgColor(e.target.value)}
          addon={
            <input
              type="color"
              className="catalog-color-picker"
              aria-label="배경색 고르기"
              value={/^#[0-9a-fA-F]{6}$/.test(bgColor) ? bgColor.toLowerCase() : '#ffffff'}
              onChange={(e) => setBgColor(e.target.value)}
            />
          }
        />
        <Checkbox label="회원에게 노출" checked={visible} onChange={(e) => setVisible(e.target.checked)} />
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
