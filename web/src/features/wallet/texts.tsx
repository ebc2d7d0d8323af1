import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ZH_CN_WALLET_TEXTS } from './zh-cn.ts';

/** spec 2: the modal speaks the app's language, or zh-CN when asked to. */
export type ModalLanguage = 'app' | 'zh-CN';
export type WalletText = (key: string, values?: Record<string, string>) => string;

function lookup(key: string): string | undefined {
  let node: unknown = ZH_CN_WALLET_TEXTS;
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  return typeof node === 'string' ? node : undefined;
}

export function interpolate(text: string, values: Record<string, string> = {}): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => values[name] ?? whole);
}

export function useWalletText(language: ModalLanguage = 'app'): WalletText {
  const { t } = useTranslation('wallet');
  if (language === 'zh-CN') return (key, values) => interpolate(lookup(key) ?? key, values);
  return (key, values) => t(key, values ?? {});
}

/** Renders "a <terms>b</terms> c" with the tags replaced by the given elements (links in the disclaimer). */
export function renderTagged(text: string, tags: Record<string, (children: string) => ReactNode>): ReactNode[] {
  const parts = text.split(/(<(\w+)>.*?<\/\2>)/g);
  const out: ReactNode[] = [];
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i] ?? '';
    const match = /^<(\w+)>(.*)<\/\1>$/.exec(part);
    const render = match?.[1] ? tags[match[1]] : undefined;
    if (match && render) {
      out.push(<Fragment key={i}>{render(match[2] ?? '')}</Fragment>);
      i++; // skip the captured tag name
    } else if (part) out.push(part);
  }
  return out;
}
