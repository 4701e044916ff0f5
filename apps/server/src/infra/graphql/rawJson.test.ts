import { describe, expect, it } from 'vitest';
import { RawJson, serializeWithRawJson } from './rawJson.ts';

const raw = (value: unknown) => new RawJson(new TextEncoder().encode(JSON.stringify(value)));
const text = (serialized: string | Buffer) =>
  typeof serialized === 'string' ? serialized : serialized.toString('utf8');

describe('GraphQL answers carrying raw JSON', () => {
  it('splices each raw value in where it stands, the rest as JSON.stringify writes it', () => {
    const bins = [{ start: '2025-01-06T00:00:00', directions: { 1: { vehicles: 3 } } }];
    const speeds = { 15: 10.5, 85: 19.25 };
    const answer = {
      data: {
        siteDetail: {
          // A string that looks like a marker stays a string: its NUL is escaped.
          site_name: '\u0000raw-json-0\u0000 Road – Zürich',
          bins: raw(bins),
          nested: { percentiles: raw(speeds) },
          list: [1, 2],
        },
        other: { bins: raw([]) },
      },
    };
    const written = text(serializeWithRawJson(answer));
    expect(JSON.parse(written)).toEqual({
      data: {
        siteDetail: {
          site_name: '\u0000raw-json-0\u0000 Road – Zürich',
          bins,
          nested: { percentiles: speeds },
          list: [1, 2],
        },
        other: { bins: [] },
      },
    });
  });

  it('writes an answer without raw values exactly as JSON.stringify does', () => {
    const answer = { data: { sites: [{ id: 'a', name: 'Café' }] }, errors: undefined };
    expect(serializeWithRawJson(answer)).toBe(JSON.stringify(answer));
  });

  it('reads itself back into values when serialized another way', () => {
    expect(JSON.parse(JSON.stringify({ bins: raw([{ start: 'x' }]) }))).toEqual({
      bins: [{ start: 'x' }],
    });
  });

  it('answers an error in place of an answer larger than the limit', () => {
    // 3 MiB of raw bins plus a few bytes of text is over a 2 MiB limit: 3 MiB (rounded) said, 2 allowed.
    const answer = {
      data: { siteDetail: { bins: new RawJson(new Uint8Array(3 * 1024 * 1024).fill(48)) } },
    };
    expect(JSON.parse(text(serializeWithRawJson(answer, 2 * 1024 * 1024)))).toEqual({
      data: null,
      errors: [
        {
          message:
            'The answer was refused: it would be 3 MB, more than the 2 MB allowed. Ask for fewer fields or a shorter period in each request.',
          extensions: { code: 'ANSWER_TOO_LARGE' },
        },
      ],
    });
  });
});
