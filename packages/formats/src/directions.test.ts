import { describe, expect, it } from 'vitest';
import { parseDirection } from './directions.ts';

const CODES: Record<string, number> = { N: 1, NE: 2, E: 3, SE: 4, S: 5, SW: 6, W: 7, NW: 8, U: 0 };
const WORDS: Record<string, string> = { NORTH: 'N', SOUTH: 'S', EAST: 'E', WEST: 'W' };
const SHORT: Record<string, string> = { NB: 'N', SB: 'S', EB: 'E', WB: 'W', UNDEFINED: 'U' };

/** The plain reading: trim, upper-case, a code 0 to 8, else a name with an optional 'bound'. */
function reference(text: string): number | undefined {
  const upper = text.trim().toUpperCase();
  if (/^[0-8]$/.test(upper)) return Number(upper);
  if (upper === '') return 0;
  const name = upper.replace(/[\s-]*BOUND$/, '');
  return CODES[WORDS[name] ?? SHORT[name] ?? name];
}

describe('directions', () => {
  it('reads codes, letters and words as the plain reading does', () => {
    const inputs = [
      ...'0123456789'.split(''),
      ...['N', 'n', ' N', 'NB', 'nb', 'S', 'SB', 'NE', 'sw', 'U', 'E ', 'W'],
      ...['North', 'south bound', 'East-bound', 'WESTBOUND', '', ' ', 'X', '10', '-1', '1.0'],
    ];
    for (const input of inputs) expect(parseDirection(input), input).toBe(reference(input));
  });
});
