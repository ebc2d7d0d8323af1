import { useTranslation } from 'react-i18next';
import { activePreset, PRESETS, type Preset } from './presets.ts';
import type { ScreenerFilters } from './screener-state.ts';

/** The ready-made screens as a row of buttons; the one matching the current filters shows pressed. */
export function PresetBar({ filters, onPick }: { filters: ScreenerFilters; onPick: (preset: Preset) => void }) {
  const { t } = useTranslation('screener');
  const active = activePreset(filters)?.id;
  return (
    <nav className="preset-bar" aria-label={t('presets.label')}>
      <span className="preset-bar__label" aria-hidden="true">
        {t('presets.label')}
      </span>
      <ul className="preset-bar__list">
        {PRESETS.map((preset) => (
          <li key={preset.id}>
            <button
              type="button"
              className="preset-bar__button"
              aria-pressed={preset.id === active}
              // What it is about, and the column it sorts by (shown and scrolled into view when picked).
              title={`${t(`presets.${preset.id}.hint`)} ${t('view.sortedBy', { column: t(`columns.${preset.sort}`) })}`}
              onClick={() => onPick(preset)}
            >
              {t(`presets.${preset.id}.name`)}
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
