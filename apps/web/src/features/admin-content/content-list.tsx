import { Fragment, useState, type FormEvent, type ReactNode } from 'react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { AdminPage, AdminSection, AdminStatus } from '@/features/admin/components/admin-page';
import { ConfirmDelete } from './confirm-delete';
import './content-admin.css';

/** What an editor opens on: the item's id (null for a new one) and the form's first values. */
export interface Editing<Input> {
  id: number | null;
  values: Input;
}

/** The part of a mutation these screens use (react-query's, whatever it answers). */
interface Mutation<Variables> {
  isPending: boolean;
  mutate: (variables: Variables, options: { onSuccess: () => void; onError: (error: Error) => void }) => void;
}

/** Saves one item: a create without an id, an update with one. */
type SaveMutation<Input> = Mutation<{ id: number | null; body: Input }>;

/**
 * The form shell of a content editor (a FAQ, a notice): the section titled for a new or an existing
 * item, the domain's check before saving (its message as a toast), the save with its toasts, and
 * 취소 / the submit button. The fields are the children.
 */
export function ContentEditorForm<Input>({
  editing,
  values,
  validate,
  save,
  noun,
  words,
  onDone,
  children,
}: {
  editing: Editing<Input>;
  values: Input;
  validate: (values: Input) => string | null;
  save: SaveMutation<Input>;
  /** What the item is called ('FAQ', '공지'), in the section's title. */
  noun: string;
  /** The toasts and the submit button's word for a new item ('추가', '등록'). */
  words: { added: string; updated: string; failed: string; submitNew: string };
  onDone: () => void;
  children: ReactNode;
}) {
  const isNew = editing.id === null;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const problem = validate(values);
    if (problem) {
      toast.error(problem);
      return;
    }
    save.mutate(
      { id: editing.id, body: values },
      {
        onSuccess: () => {
          toast.success(isNew ? words.added : words.updated);
          onDone();
        },
        onError: (error) => toast.error(errorMessage(error, words.failed)),
      },
    );
  }

  return (
    <AdminSection title={isNew ? `새 ${noun}` : `${noun} 수정`}>
      <form className="admin-form" onSubmit={onSubmit} noValidate>
        {children}
        <div className="admin-form-actions">
          <Button variant="ghost" onClick={onDone}>
            취소
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? '저장 중…' : isNew ? words.submitNew : '저장'}
          </Button>
        </div>
      </form>
    </AdminSection>
  );
}

/**
 * A console content list (FAQ, notices): the page with its 새 … button, the editor above the list
 * (opened anew, with fresh state, on each 새 … or 수정), and the list with its loading, error and empty
 * states; each item shows what `item` renders, then its own extra actions, 수정 and 삭제 (asked twice).
 */
export function ContentListScreen<Item extends { id: number }, Input>({
  title,
  description,
  noun,
  list,
  listAs,
  empty,
  query,
  order = (items) => items,
  remove,
  deleteWords,
  nameOf,
  valuesOf,
  item,
  extraActions,
  editor,
}: {
  title: string;
  description: string;
  /** What an item is called ('FAQ', '공지'), in the new button's word. */
  noun: string;
  /** The list's heading and accessible name. */
  list: string;
  listAs: 'ol' | 'ul';
  /** The empty state's words, and a new item's first values. */
  empty: { text: string; values: Input };
  query: { data: Item[] | undefined; isPending: boolean; isError: boolean };
  /** The order the list shows, from the order the server sends. */
  order?: (items: Item[]) => Item[];
  remove: Mutation<number>;
  deleteWords: { question: string; deleted: string; failed: string };
  /** The item's name in the buttons' accessible names. */
  nameOf: (item: Item) => string;
  /** The editor's first values for an existing item. */
  valuesOf: (item: Item) => Input;
  /** The item's row before its actions. */
  item: (item: Item, index: number) => ReactNode;
  /** Actions before 수정 (moving it up or down). */
  extraActions?: (item: Item, index: number) => ReactNode;
  editor: (editing: Editing<Input>, onDone: () => void) => ReactNode;
}) {
  const { data, isPending, isError } = query;
  const [editing, setEditing] = useState<Editing<Input> | null>(null);
  const [editorKey, setEditorKey] = useState(0);

  const open = (id: number | null, values: Input) => {
    setEditing({ id, values });
    setEditorKey((k) => k + 1);
  };

  const List = listAs;
  return (
    <AdminPage
      title={title}
      description={description}
      actions={
        <Button onClick={() => open(null, empty.values)} disabled={editing?.id === null}>
          새 {noun}
        </Button>
      }
    >
      {editing && <Fragment key={editorKey}>{editor(editing, () => setEditing(null))}</Fragment>}
      <AdminSection title={list}>
        {isPending ? (
          <AdminStatus kind="loading" />
        ) : isError || !data ? (
          <AdminStatus kind="error" />
        ) : data.length === 0 ? (
          <AdminStatus kind="empty">{empty.text}</AdminStatus>
        ) : (
          <List className="content-list" aria-label={list}>
            {order(data).map((entry, index) => {
              const name = nameOf(entry);
              return (
                <li key={entry.id} className="content-item">
                  {item(entry, index)}
                  <div className="admin-row-actions content-item-actions">
                    {extraActions?.(entry, index)}
                    <Button
                      size="sm"
                      variant="outline"
                      aria-label={`${name} 수정`}
                      onClick={() => open(entry.id, valuesOf(entry))}
                    >
                      수정
                    </Button>
                    <ConfirmDelete
                      name={name}
                      question={deleteWords.question}
                      pending={remove.isPending}
                      onConfirm={() =>
                        remove.mutate(entry.id, {
                          onSuccess: () => {
                            toast.success(deleteWords.deleted);
                            if (editing?.id === entry.id) setEditing(null);
                          },
                          onError: (error) => toast.error(errorMessage(error, deleteWords.failed)),
                        })
                      }
                    />
                  </div>
                </li>
              );
            })}
          </List>
        )}
      </AdminSection>
    </AdminPage>
  );
}
