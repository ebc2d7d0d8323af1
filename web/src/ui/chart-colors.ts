/*
 * Chart colours come from the design tokens in styles.css, read at draw time, so a canvas chart
 * follows the light/dark switch like the rest of the page (canvas cannot use CSS variables itself).
 */
export interface ChartColors {
  text: string;
  muted: string;
  border: string;
  surface: string;
  accent: string;
  gain: string;
  loss: string;
  /** Colours for compared series after the first (the accent). */
  palette: string[];
}

const PALETTE_LIGHT = ['#1d4ed8', '#b45309', '#7c3aed', '#be185d', '#0e7490'];
const PALETTE_DARK = ['#79c0ff', '#fbbf24', '#c4b5fd', '#f9a8d4', '#67e8f9'];

export function readChartColors(root: HTMLElement = document.documentElement): ChartColors {
  const style = getComputedStyle(root);
  const token = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  const dark = root.dataset.theme === 'dark';
  return {
    text: token('--text', '#14181f'),
    muted: token('--text-muted', '#4b5563'),
    border: token('--border', '#d5dae1'),
    surface: token('--surface', '#ffffff'),
    accent: token('--accent', '#0f766e'),
    gain: token('--gain', '#047857'),
    loss: token('--loss', '#b91c1c'),
    palette: dark ? PALETTE_DARK : PALETTE_LIGHT,
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
