import { describe, expect, it } from 'vitest';
import { preferencesBytes, preferencesSizeProblem } from './preferences.ts';

describe('preferences size', () => {
  it('counts the stored JSON in UTF-8 bytes', () => {
    // {"a":"é"} is 9 characters; é takes 2 bytes: 10.
    expect(preferencesBytes({ a: 'é' })).toBe(10);
  });

  it('keeps preferences of 64 KiB and refuses one byte more, saying both sizes', () => {
    // {"a":"…"} wraps the text in 8 bytes: 65,536 − 8 = 65,528 characters fill 64 KiB exactly.
    expect(preferencesSizeProblem({ a: 'x'.repeat(65_528) })).toBeNull();
    expect(preferencesSizeProblem({ a: 'x'.repeat(65_529) })).toBe(
      'Preferences are limited to 64 KB; these would be 65 KB. Remove some saved filters or profiles first.',
    );
  });
});
