/**
 * The typed arrays a site-detail scan writes as it goes and reuses from one scan to the next.
 * One belongs to each thread that scans (a scan runs to completion without yielding, so one at a
 * time uses it); the caller creates it and passes it to every scan.
 */
export class ScanScratch {
  /** Each selected vehicle's bin-and-direction slot, in the order selected. */
  slots = new Int32Array(0);
  /** Each selected vehicle's speed code (relative to the plan's lowest counted code). */
  codes = new Uint16Array(0);
  /** The codes near a percentile's rank, gathered to be sorted. */
  nearRank = new Uint16Array(64);

  /** Scratch with room for `vehicles` selected vehicles, touched (see `reserve`). */
  constructor(vehicles = 0) {
    if (vehicles > 0) this.reserve(vehicles);
  }

  /** Room for `selected` selected vehicles, keeping what the first `keep` hold. */
  ensure(selected: number, keep = 0): void {
    if (this.slots.length >= selected) return;
    const size = Math.max(selected, this.slots.length * 2);
    const slots = new Int32Array(size);
    const codes = new Uint16Array(size);
    slots.set(this.slots.subarray(0, keep));
    codes.set(this.codes.subarray(0, keep));
    this.slots = slots;
    this.codes = codes;
  }

  /**
   * Grows to hold `vehicles` selected vehicles and touches the memory, so that a first scan of
   * that many does not pay for new pages (a cost of milliseconds a megabyte on some machines).
   */
  reserve(vehicles: number): void {
    this.ensure(vehicles);
    this.slots.fill(0);
    this.codes.fill(0);
  }

  /** Room for `wanted` codes gathered near a percentile's rank. */
  nearRankFor(wanted: number): Uint16Array {
    if (this.nearRank.length < wanted)
      this.nearRank = new Uint16Array(Math.max(wanted, this.nearRank.length * 2));
    return this.nearRank;
  }
}
