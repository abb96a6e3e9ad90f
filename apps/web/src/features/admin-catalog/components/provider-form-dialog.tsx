import { useState, type FormEvent } from 'react';
import {
  BUILTIN_SIMULATED_PROVIDER_URL,
  PROVIDER_CONCURRENCY_DEFAULT,
  providerUrlChanged,
  validateProviderInput,
} from '@smm/domain';
import { TextField } from '@/components/ui/field';
import type { AdminProvider } from '@/features/admin/api/get-providers';
import { useSaveProvider } from '../api/save-provider';
import { AdminDialog, AdminDialogActions } from '@/features/admin/components/admin-dialog';
import { submitCatalogForm } from './submit-catalog-form';

/** 동시 호출 수 as typed: blank is the default (null); anything but digits is no number (the rule says so). */
const concurrencyOf = (text: string): number | null =>
  text.trim() === '' ? null : /^\d{1,15}$/.test(text.trim()) ? Number(text.trim()) : Number.NaN;

/**
 * 공급사 추가 / 수정. The stored key is never shown; on an edit a blank key keeps it, unless the URL
 * changed: then the key is asked again, as the server does (the old key must not go to a new URL).
 * 동시 호출 수 is how many calls each server process may have in flight to the provider (blank: the
 * default), to be set no higher than the provider allows.
 */
export function ProviderFormDialog({
  provider,
  onClose,
}: {
  provider: AdminProvider | null;
  onClose: () => void;
}) {
  const [name, setName] = useState(provider?.name ?? '');
  const [apiUrl, setApiUrl] = useState(provider?.apiUrl ?? '');
  const [apiKey, setApiKey] = useState('');
  const [concurrency, setConcurrency] = useState(String(provider?.maxConcurrency ?? ''));
  const [error, setError] = useState<string | null>(null);
  const save = useSaveProvider();
  const urlChanged = provider !== null && providerUrlChanged(provider.apiUrl, apiUrl);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = {
      name,
      apiUrl: apiUrl.trim(),
      apiKey: apiKey.trim(),
      maxConcurrency: concurrencyOf(concurrency),
    };
    submitCatalogForm({
      save,
      problem: validateProviderInput(body, {
        keyRequired: provider === null,
        ...(provider ? { storedApiUrl: provider.apiUrl } : {}),
      }),
      variables: { id: provider?.id ?? null, body },
      what: '공급사를',
      setError,
      onClose,
    });
  };

  return (
    <AdminDialog title={provider ? '공급사 수정' : '공급사 추가'} onClose={onClose}>
      <form className="admin-form" onSubmit={submit} noValidate>
        <TextField
          label="공급사 이름"
          value={name}
          maxLength={100}
          onChange={(e) => setName(e.target.value)}
        />
        <TextField
          label="API 주소"
          value={apiUrl}
          inputMode="url"
          placeholder="https://example.com/api/v2"
          hint={`SMM API v2 주소입니다. 내장 시뮬레이션 공급사는 ${BUILTIN_SIMULATED_PROVIDER_URL}`}
          onChange={(e) => setApiUrl(e.target.value)}
        />
        <TextField
          label="API 키"
          type="password"
          autoComplete="off"
          value={apiKey}
          required={provider === null || urlChanged}
          placeholder={provider && !urlChanged ? provider.maskedKey : ''}
          hint={
            !provider
              ? '공급사에서 발급받은 키를 입력해주세요.'
              : urlChanged
                ? // The rule's own message shows as the error when it is broken; the hint says it ahead.
                  '주소를 바꾸면 새 주소에서 쓸 키가 필요합니다.'
                : '변경하지 않으려면 비워두세요.'
          }
          onChange={(e) => setApiKey(e.target.value)}
        />
        <TextField
          label="동시 호출 수"
          optional
          inputMode="numeric"
          value={concurrency}
          placeholder={String(PROVIDER_CONCURRENCY_DEFAULT)}
          hint={`비우면 ${PROVIDER_CONCURRENCY_DEFAULT} · 공급사가 허용하는 만큼만`}
          onChange={(e) => setConcurrency(e.target.value)}
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
