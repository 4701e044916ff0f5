import { describe, expect, it } from 'vitest';
import {
  FORMAT_ERROR_MESSAGES,
  formatErrorKey,
  formatErrorMessage,
  type FormatErrorKey,
  messageForStatus,
  recognitionMessage,
  recognitionMessageKey,
  SERVER_MESSAGES,
  serverMessage,
  serverMessageKey,
} from './errorCatalogue.ts';

describe('messageForStatus', () => {
  it('uses the catalogue wording for the statuses SPEC section 8 names', () => {
    expect(messageForStatus(403)).toBe("You aren't currently authorised for this resource");
    expect(messageForStatus(503)).toBe("We're down for a moment");
  });

  it('shows the status and its text for other statuses', () => {
    expect(messageForStatus(429)).toBe('429 Too Many Requests');
    expect(messageForStatus(418, "I'm a teapot")).toBe("418 I'm a teapot");
  });
});

describe('catalogued server messages', () => {
  it('fill their parameters and are read back with them', () => {
    const message = serverMessage('siteNamesTaken', { names: 'Mill Lane, Quay Street' });
    expect(message).toBe('Site names are unique; already taken: Mill Lane, Quay Street');
    expect(serverMessageKey(message)).toEqual({
      key: 'siteNamesTaken',
      params: { names: 'Mill Lane, Quay Street' },
    });
    expect(serverMessageKey('A note is at most 5000 characters.')).toEqual({
      key: 'noteTooLong',
      params: { max: '5000' },
    });
    expect(serverMessageKey(SERVER_MESSAGES.invalidCredentials)?.key).toBe('invalidCredentials');
    // Text that merely resembles one is not taken for it.
    expect(serverMessageKey('A note is at most 5000 characters')).toBeUndefined();
  });
});

describe('a counter file no reader recognised', () => {
  it('is refused with a catalogued message whose reason and its parts are read back', () => {
    const message =
      "counts.csv, line 4, field 'Veh. No.': the format is not recognised: 'Veh No;Date' is not the 'Veh. No.,' header of a Jamar CSV's vehicle table";
    expect(serverMessageKey(message)).toEqual({
      key: 'formatNotRecognisedField',
      params: {
        file: 'counts.csv',
        line: '4',
        field: 'Veh. No.',
        problem: "'Veh No;Date' is not the 'Veh. No.,' header of a Jamar CSV's vehicle table",
      },
    });
    expect(
      recognitionMessageKey(
        "'Veh No;Date' is not the 'Veh. No.,' header of a Jamar CSV's vehicle table",
      ),
    ).toEqual({
      key: 'markNearly',
      params: {
        text: 'Veh No;Date',
        mark: "the 'Veh. No.,' header of a Jamar CSV's vehicle table",
      },
    });
    expect(
      recognitionMessageKey("the 'Veh. No.,' header of a Jamar CSV's vehicle table")?.key,
    ).toBe('jamarTable');
    // A header line of nothing visible is quoted as nothing, and still read back.
    expect(recognitionMessageKey("a Roadcount CSV header begins with 'timestamp', not ''")).toEqual(
      { key: 'roadcountBegins', params: { text: '' } },
    );
    // Without a field, and a missing mark rather than a damaged one.
    const missing = serverMessageKey(
      "log.txt, line 60: the format is not recognised: the 'Site:' line of a MetroCount listing is not among the first 60 lines, read to recognise the format",
    );
    expect(missing?.key).toBe('formatNotRecognisedLine');
    expect(recognitionMessageKey(missing?.params.problem ?? '')).toEqual({
      key: 'markMissing',
      params: { mark: "the 'Site:' line of a MetroCount listing", lines: '60' },
    });
    expect(
      recognitionMessage('unknownFirstLine', {
        text: 'hello',
        formats: recognitionMessage('knownFormats'),
      }),
    ).toBe(
      "'hello' does not begin any format Roadcount reads; expected a MetroCount vehicle listing, a Jamar, Roadcount or Eco-Counter CSV, or a national-platform xlsx",
    );
  });
});

describe("a counter file's problem", () => {
  const keys = Object.keys(FORMAT_ERROR_MESSAGES) as FormatErrorKey[];
  /** Each parameter a value of its own, so that one read into another's place shows. */
  const sampleParams = (key: FormatErrorKey): Record<string, string> =>
    Object.fromEntries(
      [...(FORMAT_ERROR_MESSAGES[key] as string).matchAll(/\{\{(\w+)\}\}/g)].map(([, name]) => [
        name ?? '',
        `${name} 7`,
      ]),
    );

  it('is read back as the key and parameters it was written from, wherever it is located', () => {
    const locations = [
      { file: 'london.csv', line: 12, field: 'speed' },
      { file: 'london.csv', line: 12 },
      // A file name may hold ', ' (one holding ': ' is read only as far as that).
      { file: 'week 2, A33 (north).csv' },
      { line: 4 },
      {},
    ];
    for (const key of keys) {
      const params = sampleParams(key);
      for (const location of locations) {
        const message = formatErrorMessage(key, params, location);
        expect(formatErrorKey(message), message).toEqual({ key, params, location });
      }
    }
  });

  it('is not taken for a server message, except the format not recognised', () => {
    for (const key of keys.filter((key) => key !== 'notRecognised')) {
      const message = formatErrorMessage(key, sampleParams(key), { file: 'a.csv', line: 3 });
      expect(serverMessageKey(message), message).toBeUndefined();
    }
  });

  it('says where it is, then what is wrong, in the words the readers always used', () => {
    const message = formatErrorMessage(
      'notNumber',
      { value: 'abc' },
      { file: 'london.csv', line: 12, field: 'speed' },
    );
    expect(message).toBe("london.csv, line 12, field 'speed': 'abc' is not a number");
    expect(formatErrorKey(message)).toEqual({
      key: 'notNumber',
      params: { value: 'abc' },
      location: { file: 'london.csv', line: 12, field: 'speed' },
    });
    // The problem holds ': ' itself; the location ends at the first that leaves a known problem.
    expect(
      formatErrorKey('counts.txt: the vehicle table is empty: the file ends after its header'),
    ).toEqual({ key: 'metroCountTableEmpty', params: {}, location: { file: 'counts.txt' } });
    // The longer wording is read before the shorter one it begins with.
    expect(formatErrorKey('e.csv, line 9: the total 12 is not IN 5 + OUT 6')).toEqual({
      key: 'ecoCounterTotalInOut',
      params: { total: '12', in: '5', out: '6' },
      location: { file: 'e.csv', line: 9 },
    });
    // A problem of its own, located nowhere.
    expect(formatErrorKey(formatErrorMessage('subscriptionFull', { limit: 5 }))).toEqual({
      key: 'subscriptionFull',
      params: { limit: '5' },
      location: {},
    });
    expect(formatErrorKey('line 6, field direction')).toBeUndefined();
  });
});
