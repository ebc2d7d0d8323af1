import { type FormEvent, useDeferredValue, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCompanySearch } from '../../api/company-search.ts';
import { findSecurity, type SecurityKind } from './price-api.ts';

/** The most lines a compare chart draws besides the page's own (beyond that it is unreadable). */
export const COMPARE_MAX = 5;

export interface CompareFormProps {
  kind: SecurityKind;
  ticker: string;
  compare: readonly string[];
  onChange: (compare: string[]) => void;
}

/**
 * "+ ticker" for the price chart: suggests stocks and coins as you type (the company search, issue 33),
 * adds one of either kind, lists the added ones with a remove button.
 */
export function CompareForm({ kind, ticker, compare, onChange }: CompareFormProps) {
  const { t } = useTranslation('stock');
  const inputId = useId();
  const messageId = useId();
  const [text, setText] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const listId = useId();
  const typed = useDeferredValue(text.trim());
  const suggestions = useCompanySearch(typed).results.filter(
    (result) => result.ticker !== ticker && !compare.includes(result.ticker),
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const wanted = text.trim().toUpperCase();
    if (!wanted) return;
    if (wanted === ticker || compare.includes(wanted)) {
      setMessage(t('compare.already', { ticker: wanted }));
      return;
    }
    if (compare.length >= COMPARE_MAX) {
      setMessage(t('compare.tooMany', { count: COMPARE_MAX }));
      return;
    }
    setBusy(true);
    try {
      const found = await findSecurity(wanted, kind);
      if (found) {
        onChange([...compare, found.ticker]);
        setText('');
        setMessage(null);
      } else {
        setMessage(t('compareExtra.unknown', { ticker: wanted }));
      }
    } catch {
      setMessage(t('compare.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="compare">
      <form className="compare__form" onSubmit={(event) => void submit(event)}>
        <label htmlFor={inputId} className="compare__label">
          {t('compare.label')}
        </label>
        <input
          id={inputId}
          className="compare__input"
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder={t('compare.placeholder')}
          autoComplete="off"
          spellCheck={false}
          list={listId}
          aria-describedby={message ? messageId : undefined}
          maxLength={20}
        />
        <datalist id={listId}>
          {suggestions.map((result) => (
            <option key={`${result.kind}:${result.ticker}`} value={result.ticker}>
              {`${result.name} · ${t(`compareExtra.kinds.${result.kind}`)}`}
            </option>
          ))}
        </datalist>
        <button type="submit" className="button button--ghost" disabled={busy}>
          {t('compare.add')}
        </button>
      </form>
      {message && (
        <p id={messageId} className="compare__message" role="status">
          {message}
        </p>
      )}
      {compare.length > 0 && (
        <ul className="compare__chips" aria-label={t('compare.list')}>
          {compare.map((item) => (
            <li key={item} className="chip">
              {item}
              <button
                type="button"
                className="chip__remove"
                aria-label={t('compare.remove', { ticker: item })}
                onClick={() => onChange(compare.filter((other) => other !== item))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
