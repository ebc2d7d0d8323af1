import { useTranslation } from 'react-i18next';
import { THEMES, useTheme } from '../theme/theme.ts';

/** Light, dark or system; the choice is remembered. */
export function ThemeSwitch() {
  const { t } = useTranslation();
  const [theme, setTheme] = useTheme();
  return (
    <label className="theme-switch">
      <span className="visually-hidden">{t('theme.label')}</span>
      <select value={theme} onChange={(event) => setTheme(event.target.value as (typeof THEMES)[number])}>
        {THEMES.map((value) => (
          <option key={value} value={value}>
            {t(`theme.${value}`)}
          </option>
        ))}
      </select>
    </label>
  );
}
