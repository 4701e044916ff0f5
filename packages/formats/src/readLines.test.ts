import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readLines } from './readLines.ts';
import { FormatError } from './formatError.ts';

async function collect(...parts: (string | Uint8Array)[]) {
  const lines = [];
  for await (const line of readLines(Readable.from(parts, { objectMode: true }))) lines.push(line);
  return lines;
}

describe('readLines', () => {
  it('numbers lines across chunk boundaries and CRLF endings', async () => {
    const lines = await collect('Site: A\r\nAttri', 'bute: B\r', '\nlast');
    expect(lines).toEqual([
      { lineNumber: 1, text: 'Site: A' },
      { lineNumber: 2, text: 'Attribute: B' },
      { lineNumber: 3, text: 'last' },
    ]);
  });

  it('drops a byte order mark and keeps a multi-byte character split between chunks', async () => {
    const bytes = new TextEncoder().encode('\uFEFFZone: Zürich\n');
    const splitAt = bytes.indexOf(0xc3) + 1;
    const lines = await collect(bytes.slice(0, splitAt), bytes.slice(splitAt));
    expect(lines).toEqual([{ lineNumber: 1, text: 'Zone: Zürich' }]);
  });

  it('keeps empty lines so that later line numbers stay true', async () => {
    const lines = await collect('a\n\nc\n');
    expect(lines.map((line) => line.lineNumber)).toEqual([1, 2, 3]);
    expect(lines[1]?.text).toBe('');
  });
});

describe('FormatError', () => {
  it('says the file, line and field', () => {
    const error = new FormatError(
      'notNumber',
      { value: 'abc' },
      { file: 'a.txt', line: 12, field: 'Speed' },
    );
    expect(error.message).toBe("a.txt, line 12, field 'Speed': 'abc' is not a number");
    expect(new FormatError('fileEmpty', {}, { file: 'a.txt' }).message).toBe(
      'a.txt: the file is empty',
    );
  });
});
