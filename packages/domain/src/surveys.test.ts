import { describe, expect, it } from 'vitest';
import { can } from './permissions.ts';
import {
  DEFAULT_SITE_LIST_OPTIONS,
  isCalendarDate,
  siteListEntryText,
  surveyProblemMessage,
  surveyProblems,
  surveyWindowDays,
} from './surveys.ts';

const SITE = '4b1e2f0a-6c1d-4a7e-9d3b-2f6a8c0e5d17';
const draft = {
  name: 'Kings Road spring count',
  scheduled_start: '2025-06-02',
  scheduled_end: '2025-06-08',
  site_ids: [SITE],
};
const codes = (input: Parameters<typeof surveyProblems>[0]) =>
  surveyProblems(input).map((problem) => problem.code);

describe('survey rules', () => {
  it('accepts a named survey of one site over a week', () => {
    expect(surveyProblems(draft)).toEqual([]);
  });

  it('refuses an end before the start, and names it', () => {
    const problems = surveyProblems({ ...draft, scheduled_end: '2025-06-01' });
    expect(problems).toEqual([{ field: 'scheduled_end', code: 'endBeforeStart' }]);
    expect(surveyProblemMessage(problems[0]!)).toBe('The end date is before the start date');
  });

  it('allows a one-day survey (start equal to end)', () => {
    expect(codes({ ...draft, scheduled_end: '2025-06-02' })).toEqual([]);
  });

  it('refuses no sites, a non-email contractor, and a contractor with no name', () => {
    expect(codes({ ...draft, site_ids: [] })).toEqual(['noSites']);
    expect(
      codes({ ...draft, contractor_name: 'Counts Ltd', contractor_email: 'counts at example' }),
    ).toEqual(['contractorEmail']);
    expect(codes({ ...draft, contractor_email: 'ops@counts.example' })).toEqual(['contractorName']);
  });

  it('refuses dates that do not exist and a user and a contractor together', () => {
    expect(codes({ ...draft, scheduled_start: '2025-02-30' })).toEqual(['dateInvalid']);
    expect(codes({ ...draft, assignee_user_id: SITE, contractor_name: 'Counts Ltd' })).toEqual([
      'assigneeBoth',
    ]);
  });

  it('refuses an attribute override that drops the site’s SID', () => {
    const site_list = {
      ...DEFAULT_SITE_LIST_OPTIONS,
      overrides: [{ site_id: SITE, attribute: 'Kings Road' }],
    };
    expect(codes({ ...draft, site_list })).toEqual(['overrideSid']);
  });

  it('names the subscription limit in its message', () => {
    expect(
      surveyProblemMessage({
        field: 'site_ids',
        code: 'overSubscription',
        limit: 2,
        requested: 3,
      }),
    ).toContain('The subscription allows 2 survey sites');
  });

  it('counts a window’s days with both ends', () => {
    // 2 June to 8 June: 2, 3, 4, 5, 6, 7, 8 = 7 days; across the end of February 2024 (leap): 28, 29, 1 = 3.
    expect(surveyWindowDays('2025-06-02', '2025-06-08')).toBe(7);
    expect(surveyWindowDays('2024-02-28', '2024-03-01')).toBe(3);
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2025-02-29')).toBe(false);
  });

  it('lets viewers read surveys and only admins write them', () => {
    const viewer = { role: 'org_user' as const, organisationId: 'a' };
    const admin = { role: 'org_admin' as const, organisationId: 'a' };
    expect(can(viewer, 'surveys.read', { organisationId: 'a' })).toBe(true);
    expect(can(viewer, 'surveys.write', { organisationId: 'a' })).toBe(false);
    expect(can(admin, 'surveys.write', { organisationId: 'a' })).toBe(true);
    expect(can(admin, 'surveys.write', { organisationId: 'b' })).toBe(false);
    expect(can({ ...admin, isDemo: true }, 'surveys.write', { organisationId: 'a' })).toBe(false);
  });
});

describe('the site file’s name and attribute', () => {
  const site = {
    id: SITE,
    name: 'Kings Road, east',
    alternativeName: 'A52 east',
    assetManagementId: 'AM-17',
  };

  it('writes SID:<id> and the name by default', () => {
    expect(siteListEntryText(site, DEFAULT_SITE_LIST_OPTIONS, 'Spring')).toEqual({
      name: 'Kings Road, east',
      attribute: `SID:${SITE}`,
    });
  });

  it('shapes names and attributes by the options, cutting names to the counter’s length', () => {
    expect(
      siteListEntryText(
        site,
        {
          attribute: 'sid_asset_id',
          name_format: 'asset_id_name',
          name_max_length: 10,
          overrides: [],
        },
        'Spring',
      ),
    ).toEqual({ name: 'AM-17 King', attribute: `SID:${SITE} AM-17` });
    expect(
      siteListEntryText(
        site,
        {
          attribute: 'sid_survey',
          name_format: 'alternative_name',
          name_max_length: null,
          overrides: [],
        },
        'Spring',
      ),
    ).toEqual({ name: 'A52 east', attribute: `SID:${SITE} Spring` });
  });

  it('takes a per-site override over the options', () => {
    expect(
      siteListEntryText(
        site,
        {
          ...DEFAULT_SITE_LIST_OPTIONS,
          overrides: [{ site_id: SITE, name: 'Counter 17', attribute: `SID:${SITE} tube B` }],
        },
        'Spring',
      ),
    ).toEqual({ name: 'Counter 17', attribute: `SID:${SITE} tube B` });
  });
});
