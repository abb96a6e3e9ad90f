import { useId, useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast';
import {
  NOTIFY_CHANNEL_LABELS,
  NOTIFY_KINDS,
  NOTIFY_KIND_LABELS,
  NOTIFY_MESSAGES,
  NOTIFY_STATUS_LABELS,
  SETTING_LABELS,
  formatSeoulDateTime,
  validateNotifySetting,
  type NotifyChannel,
  type NotifyKind,
  type NotifyStatus,
} from '@smm/domain';
import type {
  AdminNotificationsResponse,
  NotifyTestResponse,
  OperatorNotificationRow,
} from '@smm/domain/contract';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { AdminPage, AdminSection, AdminStatus } from '@/features/admin/components/admin-page';
import { useNotifications, useSaveNotifySettings, useSendTestNotification } from './api/notifications';
import '@/features/admin/settings-form.css';
import './notifications.css';

interface Draft {
  emails: string;
  telegram: boolean;
  kinds: NotifyKind[];
  largeChargeWon: string;
}

const draftOf = (settings: AdminNotificationsResponse['settings']): Draft => ({
  emails: settings.emails,
  telegram: settings.telegram,
  kinds: [...settings.kinds],
  largeChargeWon: settings.largeChargeWon.toLocaleString('ko-KR'),
});

/** The first problem of the form, by the same rules the server runs, or null. */
function problemOf(draft: Draft): string | null {
  if (draft.kinds.length === 0) return NOTIFY_MESSAGES.KINDS;
  return (
    validateNotifySetting('NOTIFY_EMAILS', draft.emails.trim()) ??
    validateNotifySetting('NOTIFY_LARGE_CHARGE_WON', draft.largeChargeWon.trim().replaceAll(',', ''))
  );
}

const TEST_WORDS: Record<NotifyTestResponse['email']['status'], string> = {
  sent: '보냄',
  failed: '실패',
  off: '선택 안 함',
};

function testSummary(result: NotifyTestResponse): string {
  return (['email', 'telegram'] as const)
    .map((channel) => {
      const outcome = result[channel];
      return `${NOTIFY_CHANNEL_LABELS[channel]} ${TEST_WORDS[outcome.status]}${outcome.error ? ` (${outcome.error})` : ''}`;
    })
    .join(' · ');
}

/** The channels, kinds and threshold, saved together; the transports' state; a test message. */
function ChoicesForm({ data }: { data: AdminNotificationsResponse }) {
  const id = useId();
  const [draft, setDraft] = useState<Draft>(() => draftOf(data.settings));
  const [status, setStatus] = useState<{ kind: 'idle' | 'saved' } | { kind: 'error'; message: string }>({
    kind: 'idle',
  });
  const save = useSaveNotifySettings();
  const test = useSendTestNotification();
  const change = (next: Partial<Draft>) => {
    setDraft((current) => ({ ...current, ...next }));
    setStatus({ kind: 'idle' });
  };
  const toggleKind = (kind: NotifyKind, on: boolean) =>
    change({ kinds: on ? [...draft.kinds, kind] : draft.kinds.filter((k) => k !== kind) });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const problem = problemOf(draft);
    if (problem) {
      setStatus({ kind: 'error', message: problem });
      return;
    }
    save.mutate(
      { ...draft, emails: draft.emails.trim(), largeChargeWon: draft.largeChargeWon.trim() },
      {
        onSuccess: (saved) => {
          setDraft(draftOf(saved.settings));
          setStatus({ kind: 'saved' });
        },
        onError: (error) =>
          setStatus({ kind: 'error', message: errorMessage(error, '저장하지 못했습니다.') }),
      },
    );
  }

  function sendTest() {
    test.mutate(undefined, {
      onSuccess: (result) => {
        const failed = result.email.status === 'failed' || result.telegram.status === 'failed';
        const nothing = result.email.status === 'off' && result.telegram.status === 'off';
        if (nothing)
          toast.error('선택된 채널이 없습니다. 이메일 주소를 적거나 텔레그램을 켜고 저장해주세요.');
        else if (failed) toast.error(`테스트 메시지: ${testSummary(result)}`);
        else toast.success(`테스트 메시지: ${testSummary(result)}`);
      },
      onError: (error) => toast.error(errorMessage(error, '테스트 메시지를 보내지 못했습니다.')),
    });
  }

  const emailNote =
    data.channels.email === 'smtp'
      ? 'SMTP 서버로 보냅니다.'
      : 'SMTP가 설정되지 않아 개발용 보관함(DATA_DIR/outbox)에 기록됩니다.';
  const telegramNote =
    data.channels.telegram === 'bot'
      ? '텔레그램 봇이 설정되어 있습니다 (TELEGRAM_BOT_TOKEN, TELEGRAM_CHAT_ID).'
      : '텔레그램 봇이 설정되지 않았습니다 (TELEGRAM_BOT_TOKEN, TELEGRAM_CHAT_ID). 켜두면 개발용 보관함에 기록됩니다.';

  return (
    <form className="notify-form" onSubmit={onSubmit} noValidate>
      <div className="settings-grid">
        <div className="setting-field">
          <label className="setting-label" htmlFor={`${id}-emails`}>
            {SETTING_LABELS.NOTIFY_EMAILS.label}
          </label>
          <p className="setting-description" id={`${id}-emails-description`}>
            {SETTING_LABELS.NOTIFY_EMAILS.description} 비워두면 이메일로 보내지 않습니다.
          </p>
          <textarea
            id={`${id}-emails`}
            className="admin-input setting-input notify-emails"
            rows={3}
            value={draft.emails}
            placeholder="ops@example.com"
            aria-describedby={`${id}-emails-description ${id}-email-note`}
            onChange={(event) => change({ emails: event.target.value })}
          />
          <p className="notify-transport" id={`${id}-email-note`}>
            {emailNote}
          </p>
        </div>
        <div className="setting-field">
          <div className="setting-flag-row">
            <div className="setting-text">
              <label className="setting-label" htmlFor={`${id}-telegram`}>
                {SETTING_LABELS.NOTIFY_TELEGRAM.label}
              </label>
              <p className="setting-description">{SETTING_LABELS.NOTIFY_TELEGRAM.description}</p>
            </div>
            <input
              id={`${id}-telegram`}
              type="checkbox"
              role="switch"
              className="setting-switch"
              checked={draft.telegram}
              aria-describedby={`${id}-telegram-note`}
              onChange={(event) => change({ telegram: event.target.checked })}
            />
          </div>
          <p
            className={
              data.channels.telegram === 'bot' ? 'notify-transport' : 'notify-transport notify-transport-warn'
            }
            id={`${id}-telegram-note`}
          >
            {telegramNote}
          </p>
        </div>
        <fieldset className="setting-field notify-kinds">
          <legend className="setting-label">{SETTING_LABELS.NOTIFY_KINDS.label}</legend>
          <p className="setting-description">알림을 보낼 일을 고릅니다.</p>
          <div className="notify-kind-list">
            {NOTIFY_KINDS.map((kind) => (
              <label key={kind} className="notify-kind">
                <input
                  type="checkbox"
                  checked={draft.kinds.includes(kind)}
                  onChange={(event) => toggleKind(kind, event.target.checked)}
                />
                {NOTIFY_KIND_LABELS[kind]}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="setting-field">
          <label className="setting-label" htmlFor={`${id}-large`}>
            {SETTING_LABELS.NOTIFY_LARGE_CHARGE_WON.label}
          </label>
          <p className="setting-description" id={`${id}-large-description`}>
            {SETTING_LABELS.NOTIFY_LARGE_CHARGE_WON.description}
          </p>
          <input
            id={`${id}-large`}
            className="admin-input setting-input setting-number"
            inputMode="numeric"
            value={draft.largeChargeWon}
            aria-describedby={`${id}-large-description`}
            onChange={(event) => change({ largeChargeWon: event.target.value })}
          />
        </div>
      </div>
      <div className="notify-actions">
        <p
          className={status.kind === 'error' ? 'setting-status setting-status-error' : 'setting-status'}
          role={status.kind === 'error' ? 'alert' : 'status'}
        >
          {status.kind === 'error' ? status.message : status.kind === 'saved' ? '저장됨' : ''}
        </p>
        <Button type="button" variant="secondary" onClick={sendTest} disabled={test.isPending}>
          {test.isPending ? '보내는 중…' : '테스트 메시지 보내기'}
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? '저장 중…' : '저장'}
        </Button>
      </div>
    </form>
  );
}

function ChannelState({ channel, status }: { channel: NotifyChannel; status: NotifyStatus }) {
  return (
    <span className={`notify-chip notify-chip-${status}`}>
      {NOTIFY_CHANNEL_LABELS[channel]} {NOTIFY_STATUS_LABELS[status]}
    </span>
  );
}

/** A channel still waiting for a retry, or given up: the last error is worth showing. */
const unsettled = (row: OperatorNotificationRow) =>
  [row.emailStatus, row.telegramStatus].some((status) => status === 'failed' || status === 'pending');

function RecentList({ rows }: { rows: OperatorNotificationRow[] }) {
  if (rows.length === 0) return <AdminStatus kind="empty">아직 보낸 알림이 없습니다</AdminStatus>;
  return (
    <ul className="admin-item-list">
      {rows.map((row) => (
        <li key={row.id} className="admin-item">
          <div className="admin-item-main">
            <span className="notify-item-title">{row.title}</span>
            <span className="notify-item-body">{row.body}</span>
            {row.lastError && unsettled(row) && (
              <span className="notify-item-error">마지막 오류: {row.lastError}</span>
            )}
          </div>
          <div className="notify-item-meta">
            <time dateTime={row.createdAt} className="notify-item-time">
              {formatSeoulDateTime(row.createdAt)}
            </time>
            <ChannelState channel="email" status={row.emailStatus} />
            <ChannelState channel="telegram" status={row.telegramStatus} />
            {row.attempts > 0 && <span className="notify-item-attempts">재시도 {row.attempts}회</span>}
            {row.resolvedAt && <span className="notify-item-resolved">해결됨</span>}
          </div>
        </li>
      ))}
    </ul>
  );
}

/** 알림: how operator notifications reach the operators, and what was sent (docs/ARCHITECTURE.md#operator-notifications). */
export function NotificationsScreen() {
  const { data, isError } = useNotifications();
  return (
    <AdminPage
      title="알림"
      description="확인 필요 목록과 큰 금액 충전, 공급사 문제를 이메일과 텔레그램으로 받습니다. 한 일에 한 번만 보냅니다."
    >
      {data ? (
        <>
          <AdminSection title="받는 곳과 종류">
            <ChoicesForm data={data} />
          </AdminSection>
          <AdminSection title="최근 알림">
            <RecentList rows={data.recent} />
          </AdminSection>
        </>
      ) : isError ? (
        <AdminSection>
          <AdminStatus kind="error">알림 설정을 불러오지 못했습니다. 잠시 후 다시 시도해주세요.</AdminStatus>
        </AdminSection>
      ) : (
        <AdminStatus kind="loading">알림 설정을 불러오는 중…</AdminStatus>
      )}
    </AdminPage>
  );
}
