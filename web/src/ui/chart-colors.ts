/*
 * Chart colours come from the design tokens in styles.css, read at draw time, so a canvas chart
 * follows the light/dark switch like the rest of the page (canvas cannot use CSS variables itself).
 * No colour is fixed here: a theme changes a chart only by changing its tokens.
 */
export interface ChartColors {
  text: string;
  muted: string;
  border: string;
  surface: string;
  accent: string;
  gain: string;
  loss: string;
  /** Reference lines such as a median: quieter than the data. */
  reference: string;
  /** Fill of a shaded range (a percentile band), drawn translucent. */
  band: string;
  /** Colours for compared series after the first (the accent). */
  palette: string[];
}

/** Named theme colours a series may ask for instead of the default accent-then-palette order. */
export type ChartTone = 'accent' | 'gain' | 'loss' | 'reference';

// Only when the style sheet is missing (unit tests in jsdom): any colour keeps the canvas drawable.
const MISSING_TOKEN = 'gray';

export function readChartColors(root: HTMLElement = document.documentElement): ChartColors {
  const style = getComputedStyle(root);
  const token = (name: string) => style.getPropertyValue(name).trim() || MISSING_TOKEN;
  return {
    text: token('--text'),
    muted: token('--text-muted'),
    border: token('--border'),
    surface: token('--surface'),
    accent: token('--accent'),
    gain: token('--gain'),
    loss: token('--loss'),
    reference: token('--chart-reference'),
    band: token('--chart-band'),
    palette: [1, 2, 3, 4, 5].map((n) => token(`--chart-${n}`)),
  };
}

/** Calls back when the theme attribute on <html> changes; returns the unsubscribe. */
export function onThemeChange(callback: () => void): () => void {
  const observer = new MutationObserver(callback);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
  return () => observer.disconnect();
}

/** A colour with an alpha, for area fills: '#0f766e' -> 'rgba(15, 118, 110, 0.2)'. */
export function withAlpha(hex: string, alpha: number): string {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!match) return hex;
  const [r, g, b] = match.slice(1).map((part) => Number.parseInt(part, 16));
  return `rgba(${r}, ${g}, ${b}, ${alpha})`;
}
