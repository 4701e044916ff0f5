import { describe, expect, it } from 'vitest';
import { controlCharacterPath, hasControlCharacters, plainText } from './plainText.ts';
import { siteGroupNameProblem } from './siteGroups.ts';
import { siteUpdateSchema } from './sites.ts';

describe('plain text', () => {
  it('refuses NUL, the other C0 and C1 controls and DEL; keeps tab, new lines and any letter', () => {
    for (const text of ['a\u0000b', '\u0001', '\u000b', '\u001f', '\u007f', '\u0085', '\u009f'])
      expect(hasControlCharacters(text)).toBe(true);
    for (const text of ['tab\there', 'line\nnext', 'crlf\r\n', 'Zürich – ŁÓDŹ 東京', '\u200b'])
      expect(hasControlCharacters(text)).toBe(false);
  });

  it('names where in a request value the first one is', () => {
    expect(controlCharacterPath({ note: { text: 'ok', tags: ['a', 'b\u0000'] } })).toBe(
      'note.tags.1',
    );
    expect(controlCharacterPath({ ['bad\u0000key']: 1 })).toBe('bad\u0000key');
    expect(controlCharacterPath('\u0000')).toBe('');
    expect(controlCharacterPath({ n: 1, b: true, s: 'fine', none: null })).toBeUndefined();
  });

  it('is the base of the free-text schemas, which say so in their own words', () => {
    expect(plainText().trim().min(1).safeParse(' x\u0000 ').error?.issues[0]?.message).toBe(
      'must not contain control characters',
    );
    expect(siteGroupNameProblem('North\u0000', [])).toBe('controlCharacters');
    const site = siteUpdateSchema.safeParse({
      name: 'Bridge\u0000Street',
      latitude: null,
      longitude: null,
      direction_one: null,
      direction_two: null,
      site_type: 'temporary',
      time_zone: 'Europe/London',
      class_scheme: 'arx',
      pedestrians_included: false,
    });
    expect(site.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['name', 'must not contain control characters'],
    ]);
  });
});
