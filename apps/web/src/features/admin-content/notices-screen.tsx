import { useState } from 'react';
import { Pin } from 'lucide-react';
import {
  NOTICE_CONTENT_MAX,
  formatSeoulDateTime,
  readableTextOn,
  validateNotice,
  type NoticeInput,
  formatCount,
} from '@smm/domain';
import { Checkbox } from '@/components/ui/field';
import { useDeleteNotice } from './api/delete-notice';
import { useAdminNotices, type AdminNotice } from './api/get-notices';
import { useSaveNotice } from './api/save-notice';
import { ContentEditorForm, ContentListScreen, type Editing } from './content-list';
import './content-admin.css';

const DEFAULT_COLOR = '#fef3c7';
const EMPTY: NoticeInput = { content: '', isTop: false, bgColor: null };

/** Pinned first, as the order screen shows them (docs/product.md#order-page). */
const pinnedFirst = (notices: AdminNotice[]) => [
  ...notices.filter((n) => n.isTop),
  ...notices.filter((n) => !n.isTop),
];

/**
 * A notice as members will see it: text (never HTML), line breaks kept, the background color only on
 * a pinned notice (the order screen colors pinned notices only).
 */
function NoticePreview({ notice }: { notice: NoticeInput }) {
  const colored = notice.isTop && notice.bgColor;
  return (
    <div
      className={notice.isTop ? 'content-notice content-notice-top' : 'content-notice'}
      style={colored ? { background: notice.bgColor!, color: readableTextOn(notice.bgColor!) } : undefined}
      data-testid="notice-preview"
    >
      {notice.isTop && (
        <span className="content-notice-pin">
          <Pin size={12} aria-hidden />
          고정
        </span>
      )}
      <p className="content-notice-text">{notice.content || '내용을 입력하면 여기에 보입니다.'}</p>
    </div>
  );
}

function NoticeEditor({ editing, onDone }: { editing: Editing<NoticeInput>; onDone: () => void }) {
  const [values, setValues] = useState<NoticeInput>(editing.values);
  const [lastColor, setLastColor] = useState(editing.values.bgColor ?? DEFAULT_COLOR);
  const save = useSaveNotice();

  const setColor = (color: string) => {
    setLastColor(color);
    setValues((v) => ({ ...v, bgColor: color }));
  };

  return (
    <ContentEditorForm
      editing={editing}
      values={values}
      validate={validateNotice}
      save={save}
      noun="공지"
      words={{
        added: '공지를 등록했습니다.',
        updated: '공지를 수정했습니다.',
        failed: '공지를 저장하지 못했습니다.',
        submitNew: '등록',
      }}
      onDone={onDone}
    >
      <div className="content-field">
        <label className="content-label" htmlFor="notice-content">
          내용
        </label>
        <textarea
          id="notice-content"
          className="admin-input content-textarea"
          rows={6}
          value={values.content}
          maxLength={NOTICE_CONTENT_MAX}
          aria-describedby="notice-content-count"
          onChange={(event) => setValues((v) => ({ ...v, content: event.target.value }))}
        />
        <p className="content-hint" id="notice-content-count">
          {formatCount(values.content.length)} / {formatCount(NOTICE_CONTENT_MAX)}자 · 줄바꿈은 그대로
          보입니다.
        </p>
      </div>
      <Checkbox
        label="상단 고정"
        checked={values.isTop}
        onChange={(event) => setValues((v) => ({ ...v, isTop: event.target.checked }))}
      />
      <fieldset className="content-fieldset">
        <legend className="content-label">배경색</legend>
        <div className="content-color-row">
          <label className="content-radio">
            <input
              type="radio"
              name="notice-color"
              checked={values.bgColor === null}
              onChange={() => setValues((v) => ({ ...v, bgColor: null }))}
            />
            없음
          </label>
          <label className="content-radio">
            <input
              type="radio"
              name="notice-color"
              checked={values.bgColor !== null}
              onChange={() => setColor(lastColor)}
            />
            색상
          </label>
          <input
            type="color"
            className="content-color"
            aria-label="배경색 고르기"
            value={values.bgColor ?? lastColor}
            onChange={(event) => setColor(event.target.value)}
          />
          {values.bgColor && <code className="content-hex">{values.bgColor}</code>}
        </div>
        {values.bgColor && !values.isTop && (
          <p className="content-hint">배경색은 상단 고정 공지에만 보입니다.</p>
        )}
      </fieldset>
      <div className="content-field">
        <span className="content-label">미리보기</span>
        <NoticePreview notice={values} />
      </div>
    </ContentEditorForm>
  );
}

export function NoticesScreen() {
  const notices = useAdminNotices();
  const remove = useDeleteNotice();

  return (
    <ContentListScreen
      title="공지사항"
      description="주문 화면 위쪽에 보이는 공지입니다. 상단 고정 공지가 먼저 나오고, 배경색을 줄 수 있습니다."
      noun="공지"
      list="공지 목록"
      listAs="ul"
      empty={{ text: '등록된 공지가 없습니다.', values: EMPTY }}
      query={notices}
      order={pinnedFirst}
      remove={remove}
      deleteWords={{
        question: '이 공지를 삭제할까요?',
        deleted: '공지를 삭제했습니다.',
        failed: '공지를 삭제하지 못했습니다.',
      }}
      nameOf={(notice) => `공지: ${notice.content.slice(0, 20)}`}
      valuesOf={(notice) => ({ content: notice.content, isTop: notice.isTop, bgColor: notice.bgColor })}
      item={(notice) => (
        <>
          <span
            className={notice.bgColor ? 'content-swatch' : 'content-swatch content-swatch-none'}
            style={notice.bgColor ? { background: notice.bgColor } : undefined}
            title={notice.bgColor ?? '배경색 없음'}
            aria-label={notice.bgColor ? `배경색 ${notice.bgColor}` : '배경색 없음'}
            role="img"
          />
          <div className="content-item-body">
            <div className="content-item-meta">
              {notice.isTop ? (
                <span className="admin-chip">
                  <Pin size={11} aria-hidden />
                  상단 고정
                </span>
              ) : (
                <span className="admin-chip admin-chip-muted">일반</span>
              )}
              <time dateTime={notice.createdAt}>{formatSeoulDateTime(notice.createdAt)}</time>
            </div>
            <p className="content-item-text">{notice.content}</p>
          </div>
        </>
      )}
      editor={(editing, onDone) => <NoticeEditor editing={editing} onDone={onDone} />}
    />
  );
}
