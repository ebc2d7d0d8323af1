import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUnits } from '../../ui/units.ts';
import { type ExpressionCheck, useExpressionCheck } from './screener-api.ts';
import { ADVANCED_MAX_LENGTH } from './screener-state.ts';
import { TYPING_PAUSE_MS, useOwnWrites } from './use-filter-draft.ts';

/** `value` once it has stopped changing for `ms`. */
function useSettled(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

export interface AdvancedFilterProps {
  /** The expression the results use now (from the URL). */
  applied: string | undefined;
  /** The panel's filters as OData (panelFilter): the box counts the expression with them, as the results do. */
  panel: string;
  onApply: (expression: string | undefined) => void;
}

/**
 * An OData $filter of the reader's own (issue 23). Checked by the API alone as they type, so the
 * error's position is a position in their text, shown under it; applied only once the API accepts it.
 */
export function AdvancedFilter({ applied, panel, onApply }: AdvancedFilterProps) {
  const { t } = useTranslation('screener');
  const id = useId();
  const [text, setText] = useState(applied ?? '');
  const settled = useSettled(text.trim(), TYPING_PAUSE_MS);
  const check = useExpressionCheck(settled, panel);
  const appliedRef = useRef(applied);
  appliedRef.current = applied;
  const wrote = useOwnWrites(
    applied ?? '',
    () => text.trim(),
    () => setText(appliedRef.current ?? ''),
  );

  // Apply what the API accepted, once the box has settled on it; an emptied box drops the expression.
  const latest = useRef({ onApply, wrote, text });
  latest.current = { onApply, wrote, text };
  const accepted = settled === '' || check.data?.ok === true;
  useEffect(() => {
    const { onApply: apply, wrote: remember, text: current } = latest.current;
    if (!accepted || settled !== current.trim() || settled === (appliedRef.current ?? '')) return;
    remember(settled);
    apply(settled || undefined);
  }, [accepted, settled]);

  const pending = text.trim() !== settled || (settled !== '' && check.isFetching);
  return (
    <div className="advanced-filter">
      <label htmlFor={`${id}-text`}>{t('advanced.label')}</label>
      <textarea
        id={`${id}-text`}
        className="advanced-filter__text"
        rows={3}
        maxLength={ADVANCED_MAX_LENGTH}
        spellCheck={false}
        autoCapitalize="off"
        autoComplete="off"
        value={text}
        aria-describedby={`${id}-status ${id}-hint`}
        aria-invalid={(!pending && check.data?.ok === false) || undefined}
        onChange={(event) => setText(event.target.value)}
      />
      <p id={`${id}-hint`} className="advanced-filter__hint">
        {t('advanced.hint')} <code translate="no">dividendYieldPct gt 3 and sector eq 'Utilities'</code>
      </p>
      <div id={`${id}-status`} className="advanced-filter__status" aria-live="polite">
        {settled === '' ? null : pending ? (
          <p className="muted">{t('advanced.checking')}</p>
        ) : check.data ? (
          <CheckResult check={check.data} expression={settled} />
        ) : check.isError ? (
          <p className="advanced-filter__error">{t('advanced.unavailable')}</p>
        ) : null}
      </div>
    </div>
  );
}

/**
 * The whole token that starts at `at`: a quoted string, a word or number, else one character (issue 46:
 * marking one character cut a word in two, "<a>nd").
 */
export function tokenAt(expression: string, at: number): string {
  return /^(?:'(?:[^']|'')*'?|[\w.:+-]+|\S)/u.exec(expression.slice(at))?.[0] ?? '';
}

/**
 * The API's verdict. The position is the API's own, counted from 0 as in its message ("at position 5")
 * and its details (issue 33: this line said one more than the message under it).
 */
export function CheckResult({ check, expression }: { check: ExpressionCheck; expression: string }) {
  const { t } = useTranslation('screener');
  const units = useUnits();
  if (check.ok) return <p className="advanced-filter__ok">{t('advanced.valid', { count: check.total })}</p>;
  const at = check.position === null ? null : Math.min(check.position, expression.length);
  const token = at === null ? '' : tokenAt(expression, at);
  return (
    <div className="advanced-filter__error" role="alert">
      <p>{at === null ? t('advanced.invalid') : t('view.invalidAt', { position: units.number(at, 0) })}</p>
      {at !== null && (
        // The expression again with the token the API stopped at marked (a space past the end).
        <pre className="advanced-filter__marked" translate="no">
          {expression.slice(0, at)}
          <mark>{token || ' '}</mark>
          {expression.slice(at + token.length)}
        </pre>
      )}
      <p className="advanced-filter__api-message" lang="en" translate="no">
        {check.message}
      </p>
    </div>
  );
}
