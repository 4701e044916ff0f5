import { describe, expect, it } from 'vitest';
import { countVolumesOption } from './CountVolumesChart.tsx';

const noMode = { pedestrian: null, bike: null, vehicle: null };
/** Counts per direction code, as the answer lists them. */
const counted = (counts: Record<number, number>) =>
  Object.entries(counts).map(([direction, count]) => ({ direction: Number(direction), count }));

const t = (key: string, options?: Record<string, unknown>) =>
  options ? `${key} ${JSON.stringify(options)}` : key;

describe('countVolumesOption', () => {
  it('stacks each mode’s directions over the bins, with zero where a direction has no count', () => {
    const option = countVolumesOption(
      {
        modes: ['pedestrian', 'bike'],
        bins: [
          {
            start: '2025-08-11T08:00:00',
            counts: { ...noMode, bike: counted({ 1: 4, 5: 2 }), pedestrian: counted({ 1: 9 }) },
          },
          { start: '2025-08-11T09:00:00', counts: { ...noMode, bike: counted({ 5: 3 }) } },
        ],
        totals: { ...noMode, bike: 9, pedestrian: 9 },
        wholeDays: 0,
        dailyAverage: noMode,
        virtualDay: noMode,
        virtualWeek: noMode,
        figures: noMode,
      },
      t,
    );
    const series = option?.series as { stack: string; data: number[] }[];
    expect(series.map((entry) => [entry.stack, entry.data])).toEqual([
      ['pedestrian', [9, 0]],
      ['bike', [4, 0]],
      ['bike', [2, 3]],
    ]);
    expect((option?.xAxis as { data: string[] }).data).toEqual([
      '2025-08-11 08:00',
      '2025-08-11 09:00',
    ]);
  });

  it('draws nothing without bins', () => {
    expect(
      countVolumesOption(
        {
          modes: [],
          bins: [],
          totals: noMode,
          wholeDays: 0,
          dailyAverage: noMode,
          virtualDay: noMode,
          virtualWeek: noMode,
          figures: noMode,
        },
        t,
      ),
    ).toBeNull();
  });
});
