import { resources } from '@/i18n/i18n.ts';

/** Every dotted key of a nested catalogue with its text, in the catalogue's order. */
export function flattenCatalogue(node: unknown, prefix = ''): [string, string][] {
  if (typeof node === 'string') return [[prefix, node]];
  if (typeof node !== 'object' || node === null) return [];
  return Object.entries(node as Record<string, unknown>).flatMap(([key, child]) =>
    flattenCatalogue(child, prefix ? `${prefix}.${key}` : key),
  );
}

/** A flat key -> text map as the nested JSON the locale files hold. */
export function nestCatalogue(flat: Record<string, string>): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, text] of Object.entries(flat)) {
    const parts = key.split('.');
    let node = root;
    for (const part of parts.slice(0, -1)) {
      const next = node[part];
      if (typeof next !== 'object' || next === null) node[part] = {};
      node = node[part] as Record<string, unknown>;
    }
    node[parts.at(-1) as string] = text;
  }
  return root;
}

export type CatalogueLocale = keyof typeof resources;

/** The bundled texts of a locale, by dotted key. */
export function bundledCatalogue(locale: CatalogueLocale): Record<string, string> {
  return Object.fromEntries(flattenCatalogue(resources[locale].translation));
}

/** The `{{name}}` placeholders of a text, which a translation must keep. */
export function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1] as string).sort();
}

/**
 * A locale's catalogue to commit back: the bundled texts with the overrides over them, nested
 * as the locale files are, keys in en-GB's order.
 */
export function exportCatalogue(
  locale: CatalogueLocale,
  overrides: Record<string, string>,
): Record<string, unknown> {
  const bundled = bundledCatalogue(locale);
  const english = flattenCatalogue(resources['en-GB'].translation).map(([key]) => key);
  const known = new Set(english);
  const keys = [...english, ...Object.keys(bundled).filter((key) => !known.has(key))];
  const merged: Record<string, string> = {};
  for (const key of keys) {
    const text = overrides[key] ?? bundled[key];
    if (text !== undefined) merged[key] = text;
  }
  return nestCatalogue(merged);
}
