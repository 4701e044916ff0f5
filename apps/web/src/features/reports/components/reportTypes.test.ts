import { REPORT_TYPES } from '@roadcount/domain';
import { describe, expect, it } from 'vitest';
import enGB from '@/i18n/locales/en-GB.json';
import { TYPE_GROUPS } from './reportTypes.ts';

describe('the report type menu', () => {
  it('offers every report type the server makes, once, each with a name and a help text', () => {
    const offered = TYPE_GROUPS.flatMap((group) => group.types);
    expect([...offered].sort()).toEqual([...REPORT_TYPES].sort());
    for (const type of REPORT_TYPES) {
      expect(enGB.reports.types[type]).toBeTruthy();
      expect(enGB.reports.typeHelp[type]).toBeTruthy();
    }
  });
});
