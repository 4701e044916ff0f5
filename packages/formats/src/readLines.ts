export interface NumberedLine {
  /** 1-based, as an editor shows it. */
  lineNumber: number;
  text: string;
}

/**
 * Splits a byte stream into lines without holding the whole file: only the unfinished last line
 * of each chunk is kept. Accepts LF and CRLF endings and a UTF-8 byte order mark.
 */
export async function* readLines(
  chunks: AsyncIterable<Uint8Array | string>,
): AsyncGenerator<NumberedLine> {
  const decoder = new TextDecoder('utf-8');
  let pending = '';
  let lineNumber = 0;
  let first = true;
  for await (const chunk of chunks) {
    pending += typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
    if (first && pending.length > 0) {
      if (pending.charCodeAt(0) === 0xfeff) pending = pending.slice(1);
      first = false;
    }
    let start = 0;
    let newline = pending.indexOf('\n', start);
    while (newline !== -1) {
      const end = newline > start && pending[newline - 1] === '\r' ? newline - 1 : newline;
      lineNumber += 1;
      yield { lineNumber, text: pending.slice(start, end) };
      start = newline + 1;
      newline = pending.indexOf('\n', start);
    }
    pending = pending.slice(start);
  }
  pending += decoder.decode();
  if (pending.length > 0) {
    lineNumber += 1;
    yield { lineNumber, text: pending.endsWith('\r') ? pending.slice(0, -1) : pending };
  }
}

/**
 * The same lines as `readLines`, but one array per chunk of input: readers loop over each array
 * synchronously, which spares an async step per line on files of millions of lines.
 */
export async function* readLineBatches(
  chunks: AsyncIterable<Uint8Array | string>,
): AsyncGenerator<string[]> {
  const decoder = new TextDecoder('utf-8');
  let pending = '';
  let first = true;
  for await (const chunk of chunks) {
    pending += typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
    if (first && pending.length > 0) {
      if (pending.charCodeAt(0) === 0xfeff) pending = pending.slice(1);
      first = false;
    }
    const lastNewline = pending.lastIndexOf('\n');
    if (lastNewline === -1) continue;
    const batch = pending.slice(0, lastNewline).split('\n');
    for (let index = 0; index < batch.length; index += 1) {
      const line = batch[index] as string;
      if (line.endsWith('\r')) batch[index] = line.slice(0, -1);
    }
    pending = pending.slice(lastNewline + 1);
    yield batch;
  }
  pending += decoder.decode();
  if (pending.length > 0) yield [pending.endsWith('\r') ? pending.slice(0, -1) : pending];
}

/** Lines as byte ranges of one buffer (line ends without their CR or LF). */
export interface ByteLines {
  bytes: Uint8Array;
  lineStarts: number[];
  lineEnds: number[];
}

/**
 * The lines of `readLineBatches` as byte ranges, one batch per chunk of input, for readers that
 * read plain ASCII rows in place: no string per line. Decoding a line's bytes gives its text.
 */
export async function* readByteLineBatches(
  chunks: AsyncIterable<Uint8Array | string>,
): AsyncGenerator<ByteLines> {
  const encoder = new TextEncoder();
  let carry: Uint8Array = new Uint8Array(0);
  let first = true;
  for await (const chunk of chunks) {
    const incoming = typeof chunk === 'string' ? encoder.encode(chunk) : chunk;
    let bytes = incoming;
    if (carry.length > 0) {
      bytes = new Uint8Array(carry.length + incoming.length);
      bytes.set(carry);
      bytes.set(incoming, carry.length);
    }
    if (first) {
      if (bytes.length < 3) {
        carry = bytes;
        continue;
      }
      if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) bytes = bytes.subarray(3);
      first = false;
    }
    const lineStarts: number[] = [];
    const lineEnds: number[] = [];
    let start = 0;
    let newline = bytes.indexOf(10, start);
    while (newline !== -1) {
      lineStarts.push(start);
      lineEnds.push(newline > start && bytes[newline - 1] === 13 ? newline - 1 : newline);
      start = newline + 1;
      newline = bytes.indexOf(10, start);
    }
    carry = bytes.subarray(start);
    if (lineStarts.length > 0) yield { bytes, lineStarts, lineEnds };
  }
  if (first && carry.length >= 3 && carry[0] === 0xef && carry[1] === 0xbb && carry[2] === 0xbf)
    carry = carry.subarray(3);
  if (carry.length > 0) {
    yield {
      bytes: carry,
      lineStarts: [0],
      lineEnds: [carry[carry.length - 1] === 13 ? carry.length - 1 : carry.length],
    };
  }
}
