import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '@roadcount/domain';
import enGB from './locales/en-GB.json';
import i18n, { changeLocale, resources } from './i18n.ts';

type Catalogue = Record<string, unknown>;

function flatKeys(catalogue: Catalogue, prefix = ''): string[] {
  return Object.entries(catalogue).flatMap(([key, value]) =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? flatKeys(value as Catalogue, `${prefix}${key}.`)
      : [`${prefix}${key}`],
  );
}

function sourceFiles(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const path = join(directory, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

const sourceRoot = join(import.meta.dirname, '..');
const englishKeys = new Set(flatKeys(enGB));

/** Keys written in code: t('a.b'), i18nKey="a.b", and labelKey/titleKey values. */
function keysUsedInCode(): Map<string, string> {
  const used = new Map<string, string>();
  const patterns = [
    /\bt\(\s*'([\w.-]+)'/g,
    /i18nKey="([\w.-]+)"/g,
    /(?:labelKey|titleKey)[:=]\s*["']([\w.-]+)["']/g,
  ];
  for (const file of sourceFiles(sourceRoot)) {
    const text = readFileSync(file, 'utf8');
    for (const pattern of patterns) {
      for (const match of text.matchAll(pattern)) used.set(match[1] ?? '', file);
    }
  }
  return used;
}

describe('translation catalogues', () => {
  it('has every key the code uses in en-GB.json', () => {
    const used = keysUsedInCode();
    expect(used.size).toBeGreaterThan(40);
    const missing = [...used]
      // A counted text is found by i18next under its plural forms (`key_one`, `key_other`).
      .filter(([key]) => !englishKeys.has(key) && !englishKeys.has(`${key}_other`))
      .map(([key, file]) => `${key} (${file})`);
    expect(missing).toEqual([]);
  });

  it('has no key in another locale that en-GB lacks', () => {
    for (const locale of LOCALES) {
      const extra = flatKeys(resources[locale].translation as Catalogue).filter(
        (key) => !englishKeys.has(key),
      );
      expect({ locale, extra }).toEqual({ locale, extra: [] });
    }
  });

  it('shows the English wording for a key missing from a locale', async () => {
    // A key only English has, looked up through the app's own configured instance.
    i18n.addResource('en-GB', 'translation', 'test.onlyInEnglish', 'Only in English');
    await changeLocale('fr');
    expect(i18n.language).toBe('fr');
    expect(i18n.t('test.onlyInEnglish')).toBe('Only in English');
    expect(i18n.t('login.title')).toBe(
      i18n.getResource('fr', 'translation', 'login.title') as string,
    );
    await changeLocale('en-GB');
  });
});
