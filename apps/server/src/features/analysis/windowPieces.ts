// The pieces of a site-detail window that analysis threads share: a counter in shared memory
// from which each thread claims the next piece, noting itself as the piece's claimer.

/** Pieces of a window per thread that shares it: a thread slowed down then scans fewer. */
export const PIECES_PER_THREAD = 4;

/**
 * Shared memory for `count` pieces: the next piece to claim (at 0), then who claimed each piece
 * (at `1 + piece`; 0 while nobody has).
 */
export function pieceCounter(count: number): Int32Array {
  return new Int32Array(new SharedArrayBuffer(4 * (count + 1)));
}

/**
 * Claims pieces of a window: first the reserved one if any, then from the counter the threads
 * share up to `shared`; -1 when none is left. Each claim notes `claimer` for its piece.
 */
export function claimFrom(
  pieces: Int32Array,
  shared: number,
  claimer: number,
  reserved?: number,
): { claim: () => number; claimed: () => number } {
  let first = reserved;
  let claimed = 0;
  return {
    claim() {
      let piece: number;
      if (first !== undefined) {
        piece = first;
        first = undefined;
      } else {
        piece = Atomics.add(pieces, 0, 1);
        if (piece >= shared) return -1;
      }
      Atomics.store(pieces, piece + 1, claimer);
      claimed += 1;
      return piece;
    },
    claimed: () => claimed,
  };
}

/**
 * The pieces nobody will answer for once every thread has answered: those claimed by a thread
 * that failed (`answered(claimer)` false), and those no thread claimed (one stopped as it
 * claimed, or never started on its reserved piece).
 */
export function lostPieces(
  pieces: Int32Array,
  count: number,
  answered: (claimer: number) => boolean,
): number[] {
  const lost: number[] = [];
  for (let piece = 0; piece < count; piece += 1) {
    const claimer = Atomics.load(pieces, piece + 1);
    if (claimer === 0 || !answered(claimer)) lost.push(piece);
  }
  return lost;
}
