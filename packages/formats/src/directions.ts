import type { DirectionCode } from './types.ts';

const BY_NAME: Record<string, DirectionCode> = {
  N: 1,
  NORTH: 1,
  NB: 1,
  NE: 2,
  E: 3,
  EAST: 3,
  EB: 3,
  SE: 4,
  S: 5,
  SOUTH: 5,
  SB: 5,
  SW: 6,
  W: 7,
  WEST: 7,
  WB: 7,
  NW: 8,
  U: 0,
  UNDEFINED: 0,
  '': 0,
};

/** A direction written as a compass letter or word, or as its code 0 to 8; undefined if neither. */
export function parseDirection(text: string): DirectionCode | undefined {
  // Most files write a bare code or capital letters: answered without trimming or patterns.
  if (text.length === 1) {
    const code = text.charCodeAt(0) - 48;
    if (code >= 0 && code <= 8) return code as DirectionCode;
  }
  if (text.length <= 2) {
    const named = BY_NAME[text];
    if (named !== undefined) return named;
  }
  const trimmed = text.trim().toUpperCase();
  if (/^[0-8]$/.test(trimmed)) return Number(trimmed) as DirectionCode;
  return BY_NAME[trimmed.replace(/[\s-]*BOUND$/, '')];
}

/** The reverse of a direction (north and south, east and west). */
export function reverseDirection(direction: DirectionCode): DirectionCode {
  return direction === 0 ? 0 : ((((direction + 3) % 8) + 1) as DirectionCode);
}
