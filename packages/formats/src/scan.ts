const isDigit = (code: number) => code >= 48 && code <= 57;

export /** A plain decimal (`-12.5`) between two positions, read from the characters; NaN otherwise. */
function decimalAt(text: string, start: number, end: number): number {
  let index = start;
  let negative = false;
  if (text.charCodeAt(index) === 45) {
    negative = true;
    index += 1;
  }
  let whole = 0;
  let digits = 0;
  while (index < end && isDigit(text.charCodeAt(index))) {
    whole = whole * 10 + (text.charCodeAt(index) - 48);
    index += 1;
    digits += 1;
  }
  let fraction = 0;
  let scale = 1;
  if (index < end && text.charCodeAt(index) === 46) {
    index += 1;
    while (index < end && isDigit(text.charCodeAt(index))) {
      fraction = fraction * 10 + (text.charCodeAt(index) - 48);
      scale *= 10;
      index += 1;
      digits += 1;
    }
  }
  if (index !== end || digits === 0 || digits > 15) return Number.NaN;
  const value = whole + fraction / scale;
  return negative ? -value : value;
}

/** `decimalAt` over bytes (ASCII digits, '-' and '.'). */
export function decimalAtBytes(bytes: Uint8Array, start: number, end: number): number {
  let index = start;
  let negative = false;
  if (bytes[index] === 45) {
    negative = true;
    index += 1;
  }
  let whole = 0;
  let digits = 0;
  while (index < end && isDigit(bytes[index] as number)) {
    whole = whole * 10 + ((bytes[index] as number) - 48);
    index += 1;
    digits += 1;
  }
  let fraction = 0;
  let scale = 1;
  if (index < end && bytes[index] === 46) {
    index += 1;
    while (index < end && isDigit(bytes[index] as number)) {
      fraction = fraction * 10 + ((bytes[index] as number) - 48);
      scale *= 10;
      index += 1;
      digits += 1;
    }
  }
  if (index !== end || digits === 0 || digits > 15) return Number.NaN;
  const value = whole + fraction / scale;
  return negative ? -value : value;
}

/**
 * Records where the comma-separated fields of an unquoted CSV line start and end; answers how
 * many there are (more than fit are counted but not recorded).
 */
export function csvFieldPositions(line: string, starts: Int32Array, ends: Int32Array): number {
  let count = 0;
  let start = 0;
  for (;;) {
    const comma = line.indexOf(',', start);
    const end = comma === -1 ? line.length : comma;
    if (count < starts.length) {
      starts[count] = start;
      ends[count] = end;
    }
    count += 1;
    if (comma === -1) return count;
    start = comma + 1;
  }
}
