import { describe, expect, it } from 'vitest';
import { claimFrom, lostPieces, pieceCounter } from './windowPieces.ts';

describe('window pieces', () => {
  it('hand each piece to one thread, reserved pieces first, and none past the shared ones', () => {
    // Six pieces; the last two kept for two helpers, the first four shared.
    const pieces = pieceCounter(6);
    const own = claimFrom(pieces, 4, 1);
    const first = claimFrom(pieces, 4, 2, 5);
    const second = claimFrom(pieces, 4, 3, 4);
    expect([own.claim(), first.claim(), own.claim(), second.claim(), first.claim()]).toEqual([
      0, 5, 1, 4, 2,
    ]);
    expect([own.claim(), own.claim(), first.claim(), second.claim()]).toEqual([3, -1, -1, -1]);
    expect([own.claimed(), first.claimed(), second.claimed()]).toEqual([3, 2, 1]);
  });

  it('give back the pieces of a thread that failed and those nobody claimed', () => {
    const pieces = pieceCounter(5);
    const own = claimFrom(pieces, 3, 1);
    const failing = claimFrom(pieces, 3, 2, 4);
    // The other helper never started: its reserved piece 3 stays unclaimed.
    expect([own.claim(), failing.claim(), failing.claim(), own.claim()]).toEqual([0, 4, 1, 2]);
    expect(own.claim()).toBe(-1);
    expect(lostPieces(pieces, 5, (claimer) => claimer !== 2)).toEqual([1, 3, 4]);
    expect(lostPieces(pieces, 5, () => true)).toEqual([3]);
  });
});
