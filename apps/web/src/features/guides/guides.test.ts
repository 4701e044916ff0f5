import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '@roadcount/domain';
import enGB from '@/i18n/locales/en-GB.json';
import { GUIDES, guideLocales } from './guides.ts';

const content = join(import.meta.dirname, 'content');
const publicDir = join(import.meta.dirname, '../../../public');

describe('guides', () => {
  it('has each guide in every locale, titled, summarised and naming its screen', () => {
    const items = (enGB as unknown as { guides: { items: Record<string, Record<string, string>> } })
      .guides.items;
    expect(GUIDES.map((guide) => guide.slug)).toEqual([
      'upload-a-file',
      'review-data-quality',
      'read-site-speeds',
      'build-a-survey',
      'request-a-report',
      'import-sites',
    ]);
    for (const guide of GUIDES) {
      expect(guideLocales(guide.slug).sort(), guide.slug).toEqual([...LOCALES].sort());
      expect(Object.keys(items[guide.slug] ?? {}).sort(), guide.slug).toEqual([
        'screen',
        'summary',
        'title',
      ]);
    }
  });

  it('shows only pictures that are in the repository, and links inside the app', () => {
    for (const guide of GUIDES)
      for (const locale of LOCALES) {
        const text = readFileSync(join(content, locale, `${guide.slug}.md`), 'utf8');
        for (const [, source] of text.matchAll(/!\[[^\]]*\]\(([^)]+)\)/g))
          expect(
            existsSync(join(publicDir, source ?? '')),
            `${locale}/${guide.slug}: ${source}`,
          ).toBe(true);
        for (const [, target] of text.matchAll(/[^!]\[[^\]]*\]\(([^)]+)\)/g))
          expect(target, `${locale}/${guide.slug}`).toMatch(/^\/ui\//);
      }
  });
});
