import { describe, expect, it } from 'vitest';
import { DEFAULT_SITE_TABLE_COLUMNS, siteTableColumnsSchema } from './siteColumns.ts';

describe('sites table columns', () => {
  it('accepts the default and a chosen set that starts with the name', () => {
    expect(siteTableColumnsSchema.safeParse(DEFAULT_SITE_TABLE_COLUMNS).success).toBe(true);
    expect(siteTableColumnsSchema.safeParse(['name', 'lanes', 'timeZone']).success).toBe(true);
  });

  it('refuses unknown, repeated or nameless column lists', () => {
    expect(siteTableColumnsSchema.safeParse(['name', 'colour']).success).toBe(false);
    expect(siteTableColumnsSchema.safeParse(['name', 'files', 'files']).success).toBe(false);
    expect(siteTableColumnsSchema.safeParse(['files', 'name']).success).toBe(false);
    expect(siteTableColumnsSchema.safeParse([]).success).toBe(false);
  });
});
