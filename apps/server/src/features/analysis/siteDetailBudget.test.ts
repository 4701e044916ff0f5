import { describe, expect, it } from 'vitest';
import { createSiteDetailRequest, siteDetailPrice } from './siteDetailBudget.ts';

const DAY = 86_400_000;
const at = (day: number) => Date.UTC(2025, 0, 1) + day * DAY;

describe('the price of a site-detail field', () => {
  const spans = [
    { startMs: at(0), endMs: at(10), vehicles: 10_000 },
    { startMs: at(20), endMs: at(30), vehicles: 5_000 },
    // A file whose span its processing did not note: read whole, wherever the window is.
    { startMs: null, endMs: null, vehicles: 7 },
  ];

  it('counts the bins from the first to the last data in the window', () => {
    // Days 5 to 25 hold data from day 5 to 10 and 20 to 25: 20 days of hourly bins.
    const price = siteDetailPrice(spans, { startMs: at(5), endMs: at(25) }, 60);
    expect(price.bins).toBe(20 * 24);
    // Half of each file's span is in the window: 5,000 + 2,500, and the 7 of the unknown one.
    expect(price.vehicles).toBe(7_507);
  });

  it('costs only the unknown file outside every known span', () => {
    expect(siteDetailPrice(spans, { startMs: at(12), endMs: at(18) }, 5)).toEqual({
      bins: 0,
      vehicles: 7,
    });
  });
});

describe('a request’s budget', () => {
  it('takes fields until their bins or vehicles pass the limit, then refuses saying why', () => {
    const budget = createSiteDetailRequest();
    budget.spend({ bins: 30_000, vehicles: 20_000_000 });
    expect(() => budget.spend({ bins: 20_001, vehicles: 0 })).toThrow(
      'This asks for 50001 time bins, more than the 50000 one request may draw: choose a shorter time range or a longer time aggregation',
    );
    expect(() => budget.spend({ bins: 0, vehicles: 5_000_001 })).toThrow(
      'This reads 25000001 vehicles, more than the 25000000 one request may: choose a shorter time range',
    );
    // What was refused was not spent: a field that fits still runs.
    budget.spend({ bins: 20_000, vehicles: 5_000_000 });
  });
});

describe('a request’s reads', () => {
  it('reads each key once for all the fields of the request', async () => {
    const request = createSiteDetailRequest();
    let reads = 0;
    const read = () => Promise.resolve((reads += 1));
    const answers = await Promise.all([
      request.once('site:a', read),
      request.once('site:a', read),
      request.once('site:b', read),
    ]);
    expect(answers).toEqual([1, 1, 2]);
    expect(reads).toBe(2);
    // Another request reads again.
    expect(await createSiteDetailRequest().once('site:a', read)).toBe(3);
  });
});
