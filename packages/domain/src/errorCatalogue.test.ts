import { describe, expect, it } from 'vitest';
import {
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
