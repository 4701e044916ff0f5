import { describe, expect, it } from 'vitest';
import { aadtLabel, aadtLabelText, type SiteAadtFacts } from './aadtLabel.ts';

// A stand-in catalogue: the key and its parameters, so the test reads what was decided.
const translate = (key: string, params: Record<string, string>) =>
  `${key}${Object.keys(params).length > 0 ? ` ${JSON.stringify(params)}` : ''}`;

const facts = (fields: Partial<SiteAadtFacts>): SiteAadtFacts => ({
  method: 'unadjusted',
  reason: 'noGroup',
  groupName: null,
  adt: 1000,
  aadt: 1000,
  monthlyFactor: null,
  dayOfWeekFactor: null,
  ...fields,
});
const page = { aadt: 1010, aadtIsEstimate: true, aadtMonthsMissingWeekdays: [] };

describe('the AADT label', () => {
  it("gives a grouped short count's adjusted AADT with its group and factors", () => {
    // 1,000 × 0.9 × 1.05 = 945.
    const label = aadtLabel(
      facts({
        method: 'factored',
        reason: null,
        groupName: 'Rural',
        aadt: 945,
        monthlyFactor: 0.9,
        dayOfWeekFactor: 1.05,
      }),
      page,
    );
    expect(label.value).toBe(945);
    expect(aadtLabelText(label, 'fr', translate)).toEqual({
      name: 'aadtLabel.name.factored',
      note: 'aadtLabel.note.factored {"group":"Rural","monthly":"0,900","dayOfWeek":"1,050","months":""}',
    });
  });

  it('calls an ungrouped count its ADT, unadjusted, and says why', () => {
    const label = aadtLabel(facts({ reason: 'noFactors', groupName: 'Town' }), page);
    expect(label).toMatchObject({ value: 1000, name: 'unadjusted', note: 'noFactors' });
    expect(aadtLabel(facts({}), page)).toMatchObject({ name: 'unadjusted', note: 'noGroup' });
  });

  it("gives a continuous site the page's AASHTO AADT and the variant used", () => {
    const site = facts({ method: 'aashto', reason: null, aadt: null });
    expect(aadtLabel(site, page)).toMatchObject({ value: 1010, note: 'aashtoEstimate' });
    const year = { aadt: 2415, aadtIsEstimate: false, aadtMonthsMissingWeekdays: [0, 6] };
    const label = aadtLabel(site, year);
    expect(label).toMatchObject({ value: 2415, name: 'aashto', note: 'aashtoVariant' });
    expect(aadtLabelText(label, 'en-GB', translate).note).toContain('"months":"January, July"');
    expect(aadtLabel(site, { ...year, aadtMonthsMissingWeekdays: [] })).toMatchObject({
      note: 'aashto',
    });
  });
});
