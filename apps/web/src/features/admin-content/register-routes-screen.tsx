import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { toast } from '@/lib/toast';
import { REGISTER_WHERE_TEXT_MAX, validateRegisterWhere } from '@smm/domain';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { AdminPage, AdminSection, AdminStatus } from '@/features/admin/components/admin-page';
import { ReorderButtons } from '@/features/admin/components/reorder-buttons';
import { useDeleteRegisterWhere } from './api/delete-register-where';
import { useAdminRegisterWheres, type AdminRegisterWhere } from './api/get-register-wheres';
import { useReorderRegisterWheres } from './api/reorder-register-wheres';
import { useSaveRegisterWhere } from './api/save-register-where';
import { ConfirmDelete } from './confirm-delete';
import './content-admin.css';

function AddRoute() {
  const [text, setText] = useState('');
  const save = useSaveRegisterWhere();

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const problem = validateRegisterWhere(text);
    if (problem) {
      toast.error(problem);
      return;
    }
    save.mutate(
      { id: null, text },
      {
        onSuccess: () => {
          toast.success('가입 경로를 추가했습니다.');
          setText('');
        },
        onError: (error) => toast.error(errorMessage(error, '가입 경로를 추가하지 못했습니다.')),
      },
    );
  }

  return (
    <form className="content-inline-form" onSubmit={onSubmit} noValidate>
      <label className="content-label" htmlFor="register-where-new">
        새 가입 경로
      </label>
      <div className="content-inline-row">
        <input
          id="register-where-new"
          className="admin-input content-inline-input"
          value={text}
          maxLength={REGISTER_WHERE_TEXT_MAX}
          placeholder="예: 네이버 블로그"
          onChange={(event) => setText(event.target.value)}
        />
        <Button type="submit" disabled={save.isPending}>
          추가
        </Button>
      </div>
    </form>
  );
}

function RouteRow({
  route,
  ids,
  index,
  reordering,
  onReorder,
}: {
  route: AdminRegisterWhere;
  /** Every route's id in the list's order. */
  ids: readonly number[];
  index: number;
  reordering: boolean;
  onReorder: (ids: number[]) => void;
}) {
  const [renaming, setRenaming] = useState(false);
  const [text, setText] = useState(route.text);
  const save = useSaveRegisterWhere();
  const remove = useDeleteRegisterWhere();
  const row = useRef<HTMLLIElement>(null);
  // Set when the rename closes: its input goes away, so focus goes back to 이름 바꾸기, not the page body.
  const refocus = useRef(false);

  useEffect(() => {
    if (renaming || !refocus.current) return;
    refocus.current = false;
    row.current?.querySelector<HTMLButtonElement>('[data-rename]')?.focus();
  }, [renaming]);

  function closeRename() {
    refocus.current = true;
    setRenaming(false);
  }

  function cancelRename() {
    setText(route.text);
    closeRename();
  }

  /** Esc cancels the rename like 취소 (and does not close anything around it). */
  function onRenameKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    event.stopPropagation();
    cancelRename();
  }

  function onRename(event: FormEvent) {
    event.preventDefault();
    const problem = validateRegisterWhere(text);
    if (problem) {
      toast.error(problem);
      return;
    }
    save.mutate(
      { id: route.id, text },
      {
        onSuccess: () => {
          toast.success('이름을 바꿨습니다.');
          closeRename();
        },
        onError: (error) => toast.error(errorMessage(error, '이름을 바꾸지 못했습니다.')),
      },
    );
  }

  return (
    <li className="content-item content-item-compact" ref={row}>
      <span className="content-index" aria-hidden>
        {index + 1}
      </span>
      {renaming ? (
        <form className="content-inline-row content-item-body" onSubmit={onRename} noValidate>
          <input
            className="admin-input content-inline-input"
            aria-label={`${route.text} 새 이름`}
            value={text}
            maxLength={REGISTER_WHERE_TEXT_MAX}
            autoFocus
            onKeyDown={onRenameKeyDown}
            onChange={(event) => setText(event.target.value)}
          />
          <Button type="submit" size="sm" disabled={save.isPending}>
            저장
          </Button>
          <Button size="sm" variant="ghost" onClick={cancelRename}>
            취소
          </Button>
        </form>
      ) : (
        <p className="content-item-body content-item-title">{route.text}</p>
      )}
      <div className="admin-row-actions content-item-actions">
        <ReorderButtons
          ids={ids}
          index={index}
          label={route.text}
          disabled={reordering}
          onReorder={onReorder}
        />
        {!renaming && (
          <Button
            size="sm"
            variant="outline"
            aria-label={`${route.text} 이름 바꾸기`}
            data-rename
            onClick={() => setRenaming(true)}
          >
            이름 바꾸기
          </Button>
        )}
        <ConfirmDelete
          name={route.text}
          question="삭제할까요? 이미 가입한 회원의 기록은 그대로 남습니다."
          pending={remove.isPending}
          onConfirm={() =>
            remove.mutate(route.id, {
              onSuccess: () => toast.success('가입 경로를 삭제했습니다.'),
              onError: (error) => toast.error(errorMessage(error, '가입 경로를 삭제하지 못했습니다.')),
            })
          }
        />
      </div>
    </li>
  );
}

export function RegisterRoutesScreen() {
  const { data, isPending, isError } = useAdminRegisterWheres();
  const reorder = useReorderRegisterWheres();

  const ids = data?.map((route) => route.id) ?? [];
  const reorderTo = (order: number[]) =>
    reorder.mutate(order, {
      onError: (error) => toast.error(errorMessage(error, '순서를 바꾸지 못했습니다.')),
    });

  return (
    <AdminPage
      title="가입 경로"
      description="회원가입 때 '가입 경로' 목록에 이 순서대로 보입니다. 지우거나 이름을 바꿔도 이미 가입한 회원의 기록은 바뀌지 않습니다."
    >
      <AdminSection>
        <AddRoute />
      </AdminSection>
      <AdminSection title="가입 경로 목록">
        {isPending ? (
          <AdminStatus kind="loading" />
        ) : isError ? (
          <AdminStatus kind="error" />
        ) : data.length === 0 ? (
          <AdminStatus kind="empty">
            가입 경로가 없습니다. 하나 이상 있어야 회원가입을 할 수 있습니다.
          </AdminStatus>
        ) : (
          <ol className="content-list" aria-label="가입 경로 목록">
            {data.map((route, index) => (
              <RouteRow
                key={route.id}
                route={route}
                ids={ids}
                index={index}
                reordering={reorder.isPending}
                onReorder={reorderTo}
              />
            ))}
          </ol>
        )}
      </AdminSection>
    </AdminPage>
  );
}
