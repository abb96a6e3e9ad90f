import { useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { ImageUp } from 'lucide-react';
import { toast } from '@/lib/toast';
import { POPUP_IMAGE_ACCEPT, POPUP_IMAGE_MAX_BYTES, formatSeoulDateTime } from '@smm/domain';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/field';
import { errorMessage } from '@/lib/api-client';
import { AdminPage, AdminSection, AdminStatus } from '@/features/admin/components/admin-page';
import { useDeletePopup } from './api/delete-popup';
import { useAdminPopups, type AdminPopup } from './api/get-popups';
import { useSetPopupEnabled } from './api/set-popup-enabled';
import { useUploadPopup } from './api/upload-popup';
import { ConfirmDelete } from './confirm-delete';
import { checkPopupImage, previewOf } from './read-image-file';
import './content-admin.css';

const MAX_MB = POPUP_IMAGE_MAX_BYTES / (1024 * 1024);

function UploadForm() {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [enabled, setEnabled] = useState(true);
  const upload = useUploadPopup();

  function reset() {
    setFile(null);
    setPreview(null);
    if (inputRef.current) inputRef.current.value = '';
  }

  async function onChoose(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0] ?? null;
    setProblem(null);
    reset();
    if (!chosen) return;
    const refusal = await checkPopupImage(chosen);
    if (refusal) {
      setProblem(refusal);
      if (inputRef.current) inputRef.current.value = '';
      return;
    }
    setFile(chosen);
    setPreview(await previewOf(chosen));
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!file) {
      setProblem('올릴 이미지 파일을 선택해주세요.');
      return;
    }
    upload.mutate(
      { file, enabled },
      {
        onSuccess: () => {
          toast.success(enabled ? '팝업을 올렸습니다. 회원에게 바로 보입니다.' : '팝업을 올렸습니다. (숨김)');
          reset();
        },
        onError: (error) => setProblem(errorMessage(error, '팝업을 올리지 못했습니다.')),
      },
    );
  }

  return (
    <AdminSection title="새 팝업 올리기">
      <form className="content-upload" onSubmit={onSubmit} noValidate>
        <div className="content-upload-fields">
          <label className="content-label" htmlFor={inputId}>
            이미지 파일
          </label>
          <input
            ref={inputRef}
            id={inputId}
            type="file"
            accept={POPUP_IMAGE_ACCEPT}
            className="content-file"
            aria-describedby={`${inputId}-hint ${inputId}-problem`}
            onChange={(event) => void onChoose(event)}
          />
          <p className="content-hint" id={`${inputId}-hint`}>
            PNG, JPG, WEBP, GIF · {MAX_MB}MB 이하 · 회원 화면에서 가로 440px(휴대폰 300px)로 보입니다.
          </p>
          <p className="content-problem" id={`${inputId}-problem`} role="alert">
            {problem}
          </p>
          <Checkbox
            label="올리자마자 노출"
            checked={enabled}
            onChange={(event) => setEnabled(event.target.checked)}
          />
          <div className="admin-form-actions content-upload-actions">
            <Button type="submit" disabled={!file || upload.isPending}>
              <ImageUp size={16} aria-hidden />
              {upload.isPending ? '올리는 중…' : '올리기'}
            </Button>
          </div>
        </div>
        <div className="content-upload-preview">
          {preview ? (
            <img src={preview} alt="올릴 이미지 미리보기" />
          ) : (
            <span className="content-upload-empty">이미지를 고르면 여기에 미리 보입니다.</span>
          )}
        </div>
      </form>
    </AdminSection>
  );
}

function PopupCard({ popup }: { popup: AdminPopup }) {
  const toggle = useSetPopupEnabled();
  const remove = useDeletePopup();
  const switchId = useId();
  const name = `팝업 #${popup.id}`;

  return (
    <li className="content-popup">
      <div className="content-popup-image">
        <img src={popup.imageUrl} alt={`${name} 이미지`} loading="lazy" />
      </div>
      <div className="content-popup-body">
        <div className="content-popup-row">
          <label htmlFor={switchId} className="content-popup-label">
            {name} 노출
          </label>
          <input
            id={switchId}
            type="checkbox"
            role="switch"
            className="content-switch"
            checked={popup.enabled}
            disabled={toggle.isPending}
            onChange={(event) =>
              toggle.mutate(
                { id: popup.id, enabled: event.target.checked },
                {
                  onSuccess: (answer) =>
                    toast.success(answer.popup.enabled ? '회원에게 보입니다.' : '회원에게 보이지 않습니다.'),
                  onError: (error) => toast.error(errorMessage(error, '바꾸지 못했습니다.')),
                },
              )
            }
          />
        </div>
        <p className="content-popup-meta">
          {popup.enabled ? (
            <span className="admin-chip admin-chip-success">노출 중</span>
          ) : (
            <span className="admin-chip admin-chip-muted">숨김</span>
          )}
          <time dateTime={popup.createdAt}>{formatSeoulDateTime(popup.createdAt)}</time>
        </p>
        <ConfirmDelete
          name={name}
          question="이 팝업과 이미지를 삭제할까요?"
          pending={remove.isPending}
          onConfirm={() =>
            remove.mutate(popup.id, {
              onSuccess: () => toast.success('팝업을 삭제했습니다.'),
              onError: (error) => toast.error(errorMessage(error, '팝업을 삭제하지 못했습니다.')),
            })
          }
        />
      </div>
    </li>
  );
}

export function PopupsScreen() {
  const { data, isPending, isError } = useAdminPopups();

  return (
    <AdminPage
      title="팝업"
      description="회원이 사이트에 들어올 때 뜨는 이미지 팝업입니다. 여러 개면 겹쳐서 보이고, 회원은 '오늘 하루 보지 않기'로 닫을 수 있습니다."
    >
      <UploadForm />
      <AdminSection title="팝업 목록">
        {isPending ? (
          <AdminStatus kind="loading" />
        ) : isError ? (
          <AdminStatus kind="error" />
        ) : data.length === 0 ? (
          <AdminStatus kind="empty">등록된 팝업이 없습니다.</AdminStatus>
        ) : (
          <ul className="content-popups" aria-label="팝업 목록">
            {data.map((popup) => (
              <PopupCard key={popup.id} popup={popup} />
            ))}
          </ul>
        )}
      </AdminSection>
    </AdminPage>
  );
}
