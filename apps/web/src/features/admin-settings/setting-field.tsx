import { useId, useState, type FormEvent, type ReactNode } from 'react';
import {
  DEFAULT_MAIN_COLOR,
  SETTING_LABELS,
  formatWon,
  settingChoiceLabel,
  settingNotEffective,
  validateSettingValue,
  type ConsoleSettingKey,
  type ServerVariable,
} from '@smm/domain';
import { AlertTriangle, X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import type { AdminSetting } from './api/get-admin-settings';
import { useUpdateSetting } from './api/update-setting';

/** The stored number list (a JSON array or a comma list, as SiteSettings reads it) as numbers. */
function parseNumberList(value: string): number[] {
  const raw = value.trim();
  if (!raw) return [];
  let items: unknown[];
  try {
    const parsed: unknown = JSON.parse(raw);
    items = Array.isArray(parsed) ? parsed : [parsed];
  } catch {
    items = raw.split(',');
  }
  return items.map(Number).filter((n) => Number.isSafeInteger(n) && n > 0);
}

type SaveState = { kind: 'idle' } | { kind: 'saved' } | { kind: 'error'; message: string };

/**
 * One setting as the operator edits it: the control its kind calls for, a save (on toggle for a
 * switch or a select, with 저장 otherwise), 저장됨 after the server's answer, or its Korean error under
 * the field. The domain rule runs first, so most mistakes are caught before a request.
 *
 * A setting that cannot take effect — the server lacks a variable it needs (`missing`, from the server),
 * or another setting it needs is empty — says so beside its control ("적용 안 됨 — 서버에 … 설정 필요"),
 * so 저장됨 never stands alone for a change members will not see (docs/product.md#operator-console).
 */
export function SettingField({
  setting,
  missing = [],
  valueOf = () => '',
}: {
  setting: AdminSetting;
  missing?: readonly ServerVariable[];
  /** Another setting's stored value (a flag that needs one, as 토스 송금 바로가기 needs the bank code). */
  valueOf?: (key: ConsoleSettingKey) => string;
}) {
  const key = setting.key as ConsoleSettingKey;
  const label = SETTING_LABELS[key];
  const id = useId();
  const [draft, setDraft] = useState(setting.value);
  const [state, setState] = useState<SaveState>({ kind: 'idle' });
  // A value changed elsewhere (a refetch) replaces the draft (React's "adjust state on prop change").
  const [stored, setStored] = useState(setting.value);
  if (stored !== setting.value) {
    setStored(setting.value);
    setDraft(setting.value);
    if (state.kind === 'error') setState({ kind: 'idle' });
  }
  const mutation = useUpdateSetting();
  const dirty = draft !== setting.value;

  /**
   * An edit of the value: a refusal said of the value before it no longer stands, so its error goes
   * (it would otherwise stay under a value already corrected, until the next save).
   */
  function edit(value: string) {
    setDraft(value);
    if (state.kind !== 'idle') setState({ kind: 'idle' });
  }

  function save(value: string) {
    setDraft(value);
    const problem = validateSettingValue(key, value);
    if (problem) {
      setState({ kind: 'error', message: problem });
      return;
    }
    setState({ kind: 'idle' });
    mutation.mutate(
      { key, value },
      {
        onSuccess: (saved) => {
          setDraft(saved.value);
          setState({ kind: 'saved' });
        },
        onError: (error) => {
          // A switch or a select goes back to what is stored; a typed value stays to be corrected.
          if (setting.kind === 'flag' || setting.kind === 'enum') setDraft(setting.value);
          setState({ kind: 'error', message: errorMessage(error, '저장하지 못했습니다.') });
        },
      },
    );
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    save(draft);
  }

  const notEffective = settingNotEffective(
    key,
    missing,
    valueOf,
    setting.kind === 'flag' ? draft === 'true' : undefined,
  );
  const describedBy = `${id}-description ${notEffective ? `${id}-effect ` : ''}${id}-status`;
  const effect = notEffective && (
    // Red while it is on (or not a switch) and members are let down now; muted for a switch that is off.
    <p
      id={`${id}-effect`}
      className={
        setting.kind === 'flag' && draft !== 'true'
          ? 'setting-not-effective setting-not-effective-idle'
          : 'setting-not-effective'
      }
      data-testid={`not-effective-${key}`}
    >
      <AlertTriangle size={14} aria-hidden />
      {notEffective}
    </p>
  );
  const status = (
    <p
      id={`${id}-status`}
      className={state.kind === 'error' ? 'setting-status setting-status-error' : 'setting-status'}
      role={state.kind === 'error' ? 'alert' : 'status'}
    >
      {state.kind === 'error' ? state.message : state.kind === 'saved' && !dirty ? '저장됨' : ''}
    </p>
  );
  const saveButton = (
    <Button type="submit" size="sm" variant="secondary" disabled={!dirty || mutation.isPending}>
      {mutation.isPending ? '저장 중…' : '저장'}
    </Button>
  );

  let control: ReactNode;
  switch (setting.kind) {
    case 'flag': {
      const on = draft === 'true';
      return (
        <div className="setting-field setting-field-flag">
          <div className="setting-flag-row">
            <div className="setting-text">
              <label className="setting-label" htmlFor={id}>
                {label.label}
              </label>
              <p className="setting-description" id={`${id}-description`}>
                {label.description}
              </p>
            </div>
            <input
              id={id}
              type="checkbox"
              role="switch"
              className="setting-switch"
              checked={on}
              aria-describedby={describedBy}
              disabled={mutation.isPending}
              onChange={(event) => save(event.target.checked ? 'true' : 'false')}
            />
          </div>
          {effect}
          {status}
        </div>
      );
    }
    case 'enum':
      // In a row like every other control: straight in the field's column its 200 px flex-basis
      // became a height (a select 200 px tall).
      control = (
        <div className="setting-row">
          <select
            id={id}
            className="admin-input setting-input"
            value={draft}
            aria-describedby={describedBy}
            disabled={mutation.isPending}
            onChange={(event) => save(event.target.value)}
          >
            {!setting.choices.includes(draft) && <option value={draft}>선택해주세요</option>}
            {setting.choices.map((choice) => (
              <option key={choice} value={choice}>
                {settingChoiceLabel(key, choice)}
              </option>
            ))}
          </select>
        </div>
      );
      break;
    case 'color': {
      const valid = /^#[0-9a-fA-F]{6}$/.test(draft);
      control = (
        <div className="setting-row">
          <input
            type="color"
            className="setting-color"
            aria-label={`${label.label} 고르기`}
            value={valid ? draft.toLowerCase() : DEFAULT_MAIN_COLOR}
            onChange={(event) => edit(event.target.value)}
          />
          <input
            id={id}
            className="admin-input setting-input setting-hex"
            value={draft}
            maxLength={7}
            spellCheck={false}
            aria-describedby={describedBy}
            onChange={(event) => edit(event.target.value.trim())}
          />
          {saveButton}
        </div>
      );
      break;
    }
    case 'numberList':
      control = (
        <NumberListInput
          id={id}
          label={label.label}
          describedBy={describedBy}
          values={parseNumberList(draft)}
          onChange={(values) => edit(JSON.stringify(values))}
          saveButton={saveButton}
        />
      );
      break;
    case 'url':
    case 'text':
      control = (
        <div className={label.multiline ? 'setting-row setting-row-stack' : 'setting-row'}>
          {label.multiline ? (
            <textarea
              id={id}
              className="admin-input setting-input"
              rows={3}
              value={draft}
              placeholder={label.placeholder}
              aria-describedby={describedBy}
              onChange={(event) => edit(event.target.value)}
            />
          ) : (
            <input
              id={id}
              type={setting.kind === 'url' ? 'url' : 'text'}
              inputMode={setting.kind === 'url' ? 'url' : undefined}
              className="admin-input setting-input"
              value={draft}
              placeholder={label.placeholder}
              aria-describedby={describedBy}
              onChange={(event) => edit(event.target.value)}
            />
          )}
          {saveButton}
        </div>
      );
      break;
  }

  return (
    <form className="setting-field" onSubmit={onSubmit} noValidate>
      <label className="setting-label" htmlFor={id}>
        {label.label}
      </label>
      <p className="setting-description" id={`${id}-description`}>
        {label.description}
      </p>
      {control}
      {effect}
      {status}
    </form>
  );
}

/** Won amounts as removable chips, plus an input to add one (the charge screen's buttons). */
function NumberListInput({
  id,
  label,
  describedBy,
  values,
  onChange,
  saveButton,
}: {
  id: string;
  label: string;
  describedBy: string;
  values: number[];
  onChange: (values: number[]) => void;
  saveButton: ReactNode;
}) {
  const [adding, setAdding] = useState('');
  const amount = Number(adding);
  const canAdd = adding !== '' && Number.isSafeInteger(amount) && amount > 0;

  function add() {
    if (!canAdd) return;
    onChange([...values, amount]);
    setAdding('');
  }

  return (
    <div className="setting-number-list">
      <ul className="setting-chips" aria-label={`${label} 목록`}>
        {values.length === 0 && <li className="setting-chips-empty">버튼이 없습니다.</li>}
        {values.map((value, index) => (
          <li key={`${value}-${index}`} className="admin-chip setting-chip">
            {formatWon(value)}
            <button
              type="button"
              className="setting-chip-remove"
              aria-label={`${formatWon(value)} 빼기`}
              onClick={() => onChange(values.filter((_, i) => i !== index))}
            >
              <X size={12} aria-hidden />
            </button>
          </li>
        ))}
      </ul>
      <div className="setting-row">
        <input
          id={id}
          type="number"
          inputMode="numeric"
          min={1}
          step={1000}
          className="admin-input setting-input setting-number"
          placeholder="금액(원)"
          value={adding}
          aria-describedby={describedBy}
          onChange={(event) => setAdding(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              add();
            }
          }}
        />
        <Button type="button" size="sm" variant="outline" disabled={!canAdd} onClick={add}>
          추가
        </Button>
        {saveButton}
      </div>
    </div>
  );
}
