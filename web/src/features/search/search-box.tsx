import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { securityPath } from '../../app/paths.ts';
import { useLanguage } from '../../i18n/use-language.ts';
import { useNavigate } from '../../router/index.ts';
import { fetchCompanySearch, type SearchResult, useCompanySearch } from './search-api.ts';
import { highlightParts, isTypingTarget, moveActive, resultForEnter } from './search-keys.ts';
import './search.css';

const DEBOUNCE_MS = 150;

function Highlighted({ text, typed }: { text: string; typed: string }) {
  return highlightParts(text, typed).map((part) =>
    part.match ? <mark key={part.start}>{part.text}</mark> : <span key={part.start}>{part.text}</span>,
  );
}

function useDebounced(value: string, ms: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/**
 * The header's ticker search (issue 8): autocomplete over tickers and names, "/" focuses it, arrows and
 * Enter pick a result. ARIA 1.2 combobox pattern: the input owns a listbox, the highlighted option is
 * announced through aria-activedescendant while focus stays in the input.
 */
export function SearchBox() {
  const { t } = useTranslation('search');
  const language = useLanguage();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const input = useRef<HTMLInputElement>(null);
  const root = useRef<HTMLDivElement>(null);
  const listId = useId();
  const typed = useDebounced(text.trim(), DEBOUNCE_MS);
  const search = useCompanySearch(typed);
  const results = typed ? search.results : [];
  const showList = open && text.trim().length > 0;

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey || isTypingTarget(event.target)) return;
      event.preventDefault();
      input.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  // A new answer starts with nothing highlighted, so Enter follows resultForEnter's rule.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the answer changes
  useEffect(() => setActive(-1), [search.results]);

  const go = (result: SearchResult) => {
    setOpen(false);
    setText('');
    input.current?.blur();
    void navigate(securityPath(language, result.kind, result.ticker));
  };

  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      setActive((current) => moveActive(current, event.key === 'ArrowDown' ? 1 : -1, results.length));
    } else if (event.key === 'Enter') {
      const wanted = text.trim();
      if (!wanted) return;
      event.preventDefault();
      if (search.answered === wanted) {
        const result = resultForEnter(results, active, wanted);
        if (result) go(result);
        return;
      }
      // Enter before the list for this text arrived: ask now and open the best match.
      fetchCompanySearch(wanted).then(
        (answer) => {
          const result = resultForEnter(answer, -1, wanted);
          if (result) go(result);
        },
        () => undefined,
      );
    } else if (event.key === 'Escape') {
      if (open && text) setOpen(false);
      else setText('');
    }
  };

  const status = !showList
    ? ''
    : search.error
      ? t('error')
      : search.loading && results.length === 0
        ? t('loading')
        : typed && !search.loading && results.length === 0
          ? t('noResults', { query: typed })
          : t('resultCount', { count: results.length });

  return (
    <div className="search" ref={root}>
      <label className="visually-hidden" htmlFor={`${listId}-input`}>
        {t('label')}
      </label>
      <span className="search__icon" aria-hidden="true">
        ⌕
      </span>
      <input
        ref={input}
        id={`${listId}-input`}
        className="search__input"
        type="text"
        role="combobox"
        autoComplete="off"
        spellCheck={false}
        aria-autocomplete="list"
        aria-expanded={showList && results.length > 0}
        aria-controls={listId}
        aria-activedescendant={showList && active >= 0 ? `${listId}-${active}` : undefined}
        aria-keyshortcuts="/"
        placeholder={t('placeholder')}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onKeyDown={onKeyDown}
      />
      <span className="search__kbd" aria-hidden="true">
        /
      </span>
      <div
        id={listId}
        role="listbox"
        aria-label={t('results')}
        className="search__list"
        hidden={!showList || results.length === 0}
      >
        {results.map((result, index) => (
          // Options are picked with the pointer here; the keyboard path is the input's onKeyDown.
          // biome-ignore lint/a11y/useKeyWithClickEvents: keyboard selection happens in the combobox input
          <div
            key={`${result.kind}-${result.ticker}`}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === active}
            tabIndex={-1}
            className="search__option"
            onPointerDown={(event) => event.preventDefault()}
            onClick={() => go(result)}
            onPointerMove={() => setActive(index)}
          >
            <span className="search__ticker">
              <Highlighted text={result.ticker} typed={typed} />
            </span>
            <span className="search__name">
              <Highlighted text={result.name} typed={typed} />
            </span>
            <span className="search__kind">
              {t(`kind.${result.kind}`)}
              {result.exchange ? ` · ${result.exchange}` : ''}
            </span>
          </div>
        ))}
      </div>
      <div className="search__status" role="status" aria-live="polite">
        {showList && (search.error || results.length === 0) ? (
          <p className="search__message">{status}</p>
        ) : (
          <span className="visually-hidden">{status}</span>
        )}
      </div>
    </div>
  );
}
