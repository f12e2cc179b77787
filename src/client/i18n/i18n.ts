import polyglotI18nProvider from 'ra-i18n-polyglot';
import { createContext, useContext } from 'react';
import { getConfig, saveConfig } from '../session/session-store.ts';
import { en } from './en.ts';
import { es } from './es.ts';

export type Locale = 'en' | 'es';

/** One ra-i18n-polyglot provider for the whole client: the login area and react-admin share it. */
export const i18nProvider = polyglotI18nProvider(
  (locale) => (locale === 'es' ? es : en) as never,
  getConfig().language,
  [
    { locale: 'en', name: 'English' },
    { locale: 'es', name: 'Español' },
  ],
  { allowMissing: true },
);

export type Translate = (key: string, options?: Record<string, unknown>) => string;

export interface I18n {
  locale: Locale;
  t: Translate;
  setLocale(l: Locale): void;
}

export const I18nContext = createContext<I18n>({ locale: 'en', t: (k) => k, setLocale: () => undefined });
export const useI18n = () => useContext(I18nContext);
export const useT = () => useContext(I18nContext).t;

export async function changeLocale(l: Locale) {
  await i18nProvider.changeLocale(l);
  saveConfig({ language: l });
}

/** A schema label in the active language: x-ui.label_es or the title. */
export function schemaLabel(
  field: { title?: string; 'x-ui'?: { label_es?: string } } | undefined,
  locale: Locale,
  fallback = '',
): string {
  if (!field) return fallback;
  return (locale === 'es' ? field['x-ui']?.label_es : undefined) ?? field.title ?? fallback;
}

/**
 * What a column is called: its schema label, or for one no schema lists (the billing company) the messages' name,
 * never its storage name.
 */
export const columnLabel = (
  field: Parameters<typeof schemaLabel>[0],
  name: string,
  locale: Locale,
  t: Translate,
): string => schemaLabel(field, locale) || t(`record.columns.${name}`, { _: t('record.other_field') });

/** A form section named in a schema (x-ui.section), translated when the messages know it. */
export const sectionTitle = (t: Translate, name: string) => {
  const key = `sections.${name.toLowerCase()}`;
  const out = t(key, { _: name });
  return out === key ? name.charAt(0).toUpperCase() + name.slice(1) : out;
};

/** App and category names in the active language; English names are the keys. */
export const appLabel = (t: Translate, name: string) => {
  const key = `apps.${name}`;
  const out = t(key, { _: name });
  return out === key ? name : out;
};
