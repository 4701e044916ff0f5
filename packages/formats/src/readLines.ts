import { FormatError } from './formatError.ts';

export interface NumberedLine {
  /** 1-based, as an editor shows it. */
  lineNumber: number;
  text: string;
}

/** The longest line a counter file may have: 64 KB (its longest real lines are a few hundred). */
export const MAX_LINE_LENGTH = 64 * 1024;

export interface LineOptions {
  /** Named in the error a line that is too long raises. */
  fileName?: string;
  /** Characters (or bytes, for byte lines) a line may hold; `MAX_LINE_LENGTH` unless set. */
  maxLineLength?: number;
}

/** The permanent refusal of a line longer than the limit (a file without newlines, say). */
export function lineTooLong(lineNumber: number, options: LineOptions): FormatError {
  const limit = options.maxLineLength ?? MAX_LINE_LENGTH;
  return new FormatError(
    'lineTooLong',
    { limit: limit.toLocaleString('en-GB') },
    { file: options.fileName, line: lineNumber },
  );
}

/**
 * Text not yet ended by a newline, kept as a list of pieces so that a long line costs time in
 * proportion to its length (joining a growing string and searching it again for every chunk
 * would cost its square).
 */
class PendingText {
  private pieces: string[] = [];
  length = 0;

  add(text: string): void {
    if (text.length === 0) return;
    this.pieces.push(text);
    this.length += text.length;
  }

  /** The kept text followed by `text`, emptying the store. */
  take(text = ''): string {
    if (this.pieces.length === 0) return text;
    const whole = this.pieces.join('') + text;
    this.pieces = [];
    this.length = 0;
    return whole;
  }
}

/** Drops a UTF-8 byte order mark from the first text of a stream. */
function withoutBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/**
 * Splits a byte stream into lines without holding the whole file: only the unfinished last line
 * of each chunk is kept. Accepts LF and CRLF endings and a UTF-8 byte order mark. A line longer
 * than the limit is refused with a `FormatError` naming the file and line.
 */
export async function* readLines(
  chunks: AsyncIterable<Uint8Array | string>,
  options: LineOptions = {},
): AsyncGenerator<NumberedLine> {
  const limit = options.maxLineLength ?? MAX_LINE_LENGTH;
  const decoder = new TextDecoder('utf-8');
  const pending = new PendingText();
  let lineNumber = 0;
  let first = true;
  const line = (text: string): NumberedLine => {
    lineNumber += 1;
    if (text.length > limit) throw lineTooLong(lineNumber, options);
    return { lineNumber, text };
  };
  for await (const chunk of chunks) {
    let text = typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
    if (first && text.length > 0) {
      text = withoutBom(text);
      first = false;
    }
    let start = 0;
    let newline = text.indexOf('\n');
    while (newline !== -1) {
      const whole = pending.take(text.slice(start, newline));
      yield line(whole.endsWith('\r') ? whole.slice(0, -1) : whole);
      start = newline + 1;
      newline = text.indexOf('\n', start);
    }
    pending.add(text.slice(start));
    if (pending.length > limit + 1) throw lineTooLong(lineNumber + 1, options);
  }
  const rest = pending.take(decoder.decode());
  if (rest.length > 0) yield line(rest.endsWith('\r') ? rest.slice(0, -1) : rest);
}

/**
 * The same lines as `readLines`, but one array per chunk of input: readers loop over each array
 * synchronously, which spares an async step per line on files of millions of lines.
 */
export async function* readLineBatches(
  chunks: AsyncIterable<Uint8Array | string>,
  options: LineOptions = {},
): AsyncGenerator<string[]> {
  const limit = options.maxLineLength ?? MAX_LINE_LENGTH;
  const decoder = new TextDecoder('utf-8');
  const pending = new PendingText();
  let linesBefore = 0;
  let first = true;
  for await (const chunk of chunks) {
    let text = typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
    if (first && text.length > 0) {
      text = withoutBom(text);
      first = false;
    }
    // Only the new text is searched: the kept text is known to hold no newline.
    const lastNewline = text.lastIndexOf('\n');
    if (lastNewline === -1) {
      pending.add(text);
      if (pending.length > limit + 1) throw lineTooLong(linesBefore + 1, options);
      continue;
    }
    const batch = pending.take(text.slice(0, lastNewline)).split('\n');
    for (let index = 0; index < batch.length; index += 1) {
      let line = batch[index] as string;
      if (line.endsWith('\r')) batch[index] = line = line.slice(0, -1);
      if (line.length > limit) throw lineTooLong(linesBefore + index + 1, options);
    }
    linesBefore += batch.length;
    pending.add(text.slice(lastNewline + 1));
    if (pending.length > limit + 1) throw lineTooLong(linesBefore + 1, options);
    yield batch;
  }
  let rest = pending.take(decoder.decode());
  if (rest.length > 0) {
    if (rest.endsWith('\r')) rest = rest.slice(0, -1);
    if (rest.length > limit) throw lineTooLong(linesBefore + 1, options);
    yield [rest];
  }
}

/** Lines as byte ranges of one buffer (line ends without their CR or LF). */
export interface ByteLines {
  bytes: Uint8Array;
  lineStarts: number[];
  lineEnds: number[];
}

function joinBytes(pieces: readonly Uint8Array[], length: number): Uint8Array {
  if (pieces.length === 1) return pieces[0] as Uint8Array;
  const whole = new Uint8Array(length);
  let offset = 0;
  for (const piece of pieces) {
    whole.set(piece, offset);
    offset += piece.length;
  }
  return whole;
}

/**
 * The lines of `readLineBatches` as byte ranges, one batch per chunk of input, for readers that
 * read plain ASCII rows in place: no string per line. Decoding a line's bytes gives its text.
 * A line longer than the limit (in bytes) is refused with a `FormatError` naming the line.
 */
export async function* readByteLineBatches(
  chunks: AsyncIterable<Uint8Array | string>,
  options: LineOptions = {},
): AsyncGenerator<ByteLines> {
  const limit = options.maxLineLength ?? MAX_LINE_LENGTH;
  const encoder = new TextEncoder();
  // Bytes not yet ended by a newline, kept as pieces and joined once their line ends.
  let carry: Uint8Array[] = [];
  let carryLength = 0;
  let linesBefore = 0;
  let first = true;
  for await (const chunk of chunks) {
    let incoming = typeof chunk === 'string' ? encoder.encode(chunk) : chunk;
    if (first) {
      const head = joinBytes([...carry, incoming], carryLength + incoming.length);
      carry = [];
      carryLength = 0;
      if (head.length < 3) {
        carry = [head];
        carryLength = head.length;
        continue;
      }
      incoming = head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf ? head.subarray(3) : head;
      first = false;
    }
    // Only the new bytes are searched: the carried ones are known to hold no newline.
    if (incoming.indexOf(10) === -1) {
      if (incoming.length > 0) carry.push(incoming);
      carryLength += incoming.length;
      if (carryLength > limit + 1) throw lineTooLong(linesBefore + 1, options);
      continue;
    }
    const bytes =
      carryLength > 0 ? joinBytes([...carry, incoming], carryLength + incoming.length) : incoming;
    const lineStarts: number[] = [];
    const lineEnds: number[] = [];
    let start = 0;
    let newline = bytes.indexOf(10, carryLength);
    while (newline !== -1) {
      const end = newline > start && bytes[newline - 1] === 13 ? newline - 1 : newline;
      if (end - start > limit) throw lineTooLong(linesBefore + lineStarts.length + 1, options);
      lineStarts.push(start);
      lineEnds.push(end);
      start = newline + 1;
      newline = bytes.indexOf(10, start);
    }
    linesBefore += lineStarts.length;
    const rest = bytes.subarray(start);
    carry = rest.length > 0 ? [rest] : [];
    carryLength = rest.length;
    if (carryLength > limit + 1) throw lineTooLong(linesBefore + 1, options);
    yield { bytes, lineStarts, lineEnds };
  }
  let rest = joinBytes(carry, carryLength);
  if (first && rest.length >= 3 && rest[0] === 0xef && rest[1] === 0xbb && rest[2] === 0xbf)
    rest = rest.subarray(3);
  if (rest.length > 0) {
    const end = rest[rest.length - 1] === 13 ? rest.length - 1 : rest.length;
    if (end > limit) throw lineTooLong(linesBefore + 1, options);
    yield { bytes: rest, lineStarts: [0], lineEnds: [end] };
  }
}
