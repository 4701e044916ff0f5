import { describe, expect, it } from 'vitest';
import { effectiveReviewStatus } from './reviewStatus.ts';

describe('effectiveReviewStatus', () => {
  it('is LOAD while the saved vehicle count is -1 or absent', () => {
    expect(effectiveReviewStatus('WFR', -1)).toBe('LOAD');
    expect(effectiveReviewStatus('PDC', undefined)).toBe('LOAD');
    expect(effectiveReviewStatus(null, null)).toBe('LOAD');
  });

  it('is the stored status once vehicles are saved', () => {
    expect(effectiveReviewStatus('REJ', 0)).toBe('REJ');
    expect(effectiveReviewStatus('WFR', 1200)).toBe('WFR');
  });
});
