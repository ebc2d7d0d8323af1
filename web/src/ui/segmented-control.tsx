import type { KeyboardEvent } from 'react';
import { useRef } from 'react';
import './ui.css';

export interface SegmentedControlProps<T extends string> {
  /** The group's accessible name ("Range"). */
  label: string;
  options: readonly { value: T; label: string; title?: string }[];
  /** The chosen option; null when none is (a chart showing a custom window, not a range). */
  value: T | null;
  onChange: (value: T) => void;
  /** The whole row off (compare mode has no candles); say why beside it. */
  disabled?: boolean;
  /** The id of the text that says why it is off. */
  describedBy?: string | undefined;
  /**
   * Short options (chart ranges): on phones they share one full-width row instead of wrapping a lone
   * button onto a second line. Long options (statement names) leave this off and wrap.
   */
  fill?: boolean;
}

/**
 * A row of toggle buttons where one is chosen (chart ranges, annual/quarterly). Buttons with
 * aria-pressed rather than radios: each is a plain Tab stop, and arrow keys move along the row too.
 */
export function SegmentedControl<T extends string>({
  label,
  options,
  value,
  onChange,
  fill = false,
  disabled = false,
  describedBy,
}: SegmentedControlProps<T>) {
  const group = useRef<HTMLFieldSetElement>(null);
  const onKeyDown = (event: KeyboardEvent<HTMLFieldSetElement>) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    const buttons = [...(group.current?.querySelectorAll('button') ?? [])];
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    if (at < 0) return;
    const next = buttons[(at + (event.key === 'ArrowRight' ? 1 : buttons.length - 1)) % buttons.length];
    next?.focus();
    event.preventDefault();
  };
  return (
    <fieldset
      className={fill ? 'segmented segmented--fill' : 'segmented'}
      ref={group}
      onKeyDown={onKeyDown}
      disabled={disabled}
      aria-describedby={describedBy}
    >
      <legend className="visually-hidden">{label}</legend>
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          className="segmented__option"
          aria-pressed={option.value === value}
          title={option.title}
          onClick={() => onChange(option.value)}
        >
          {option.label}
        </button>
      ))}
    </fieldset>
  );
}
