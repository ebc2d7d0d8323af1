import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface CustomRangeProps {
  from: string | null;
  to: string | null;
  /** The first and last day with a price: the inputs' limits. */
  min?: string | undefined;
  max?: string | undefined;
  onChange: (window: { from: string | null; to: string | null }) => void;
}

/**
 * A from-to window for the price chart (issue 22): two native date fields (typed or picked, by keyboard
 * too) and Show; Clear goes back to the range buttons. Either end may be left empty (open).
 */
export function CustomRange({ from, to, min, max, onChange }: CustomRangeProps) {
  const { t } = useTranslation('stock');
  const fromId = useId();
  const toId = useId();
  const messageId = useId();
  const [start, setStart] = useState(from ?? '');
  const [end, setEnd] = useState(to ?? '');
  const [message, setMessage] = useState<string | null>(null);
  // The URL may change the window (back button, a shared link): show what is applied.
  useEffect(() => {
    setStart(from ?? '');
    setEnd(to ?? '');
  }, [from, to]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (start && end && start > end) {
      setMessage(t('range.backwards'));
      return;
    }
    setMessage(null);
    onChange({ from: start || null, to: end || null });
  };
  const active = Boolean(from || to);
  return (
    <form className="custom-range" onSubmit={submit} aria-label={t('range.label')}>
      <label htmlFor={fromId}>{t('range.from')}</label>
      <input
        id={fromId}
        type="date"
        value={start}
        min={min}
        max={max}
        onChange={(event) => setStart(event.target.value)}
        aria-describedby={message ? messageId : undefined}
        aria-invalid={message ? true : undefined}
      />
      <label htmlFor={toId}>{t('range.to')}</label>
      <input
        id={toId}
        type="date"
        value={end}
        min={min}
        max={max}
        onChange={(event) => setEnd(event.target.value)}
        aria-describedby={message ? messageId : undefined}
        aria-invalid={message ? true : undefined}
      />
      <button type="submit" className="button button--ghost">
        {t('range.apply')}
      </button>
      {active && (
        <button
          type="button"
          className="button button--ghost"
          onClick={() => {
            setMessage(null);
            onChange({ from: null, to: null });
          }}
        >
          {t('range.clear')}
        </button>
      )}
      {message && (
        <p id={messageId} className="custom-range__message" role="alert">
          {message}
        </p>
      )}
    </form>
  );
}
