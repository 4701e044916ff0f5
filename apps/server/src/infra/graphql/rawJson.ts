/**
 * JSON text made elsewhere (the site detail's time bins, written by an analysis thread) that
 * a GraphQL answer carries as it is: the API thread neither builds its objects nor writes them
 * out again. Serialized any other way, it is read back into values (`toJSON`).
 */
export class RawJson {
  constructor(readonly bytes: Uint8Array) {}

  toJSON(): unknown {
    return JSON.parse(Buffer.from(this.bytes).toString());
  }
}

/** How deep under the answer's root raw JSON is looked for (`data`, a field, its parts). */
const RAW_JSON_DEPTH = 4;

/** A marker string no answer otherwise holds: JSON.stringify escapes a NUL. */
const marker = (index: number) => `\u0000raw-json-${index}\u0000`;

/**
 * The value with each raw JSON (down to `depth`) replaced by its marker, the objects on the way
 * copied; the same value when there is none.
 */
function withMarkers(value: unknown, depth: number, found: RawJson[]): unknown {
  if (value instanceof RawJson) {
    found.push(value);
    return marker(found.length - 1);
  }
  if (depth === 0 || value === null || typeof value !== 'object' || Array.isArray(value))
    return value;
  let copy: Record<string, unknown> | undefined;
  for (const [key, child] of Object.entries(value)) {
    const replaced = withMarkers(child, depth - 1, found);
    if (replaced !== child) (copy ??= { ...(value as Record<string, unknown>) })[key] = replaced;
  }
  return copy ?? value;
}

/** The answer sent in place of one larger than the limit: a GraphQL error saying why. */
function tooLargeAnswer(bytes: number, maxBytes: number): string {
  const megabytes = (value: number) => `${Math.round(value / (1024 * 1024))} MB`;
  return JSON.stringify({
    data: null,
    errors: [
      {
        message: `The answer was refused: it would be ${megabytes(bytes)}, more than the ${megabytes(maxBytes)} allowed. Ask for fewer fields or a shorter period in each request.`,
        extensions: { code: 'ANSWER_TOO_LARGE' },
      },
    ],
  });
}

/**
 * A GraphQL answer as JSON: its text, or, when it carries raw JSON, the pieces to send one after
 * another (the text between them, and the raw bytes themselves, not copied) and their length in
 * bytes. One larger than maxBytes becomes an error.
 */
export function answerPieces(
  payload: unknown,
  maxBytes = Number.POSITIVE_INFINITY,
): string | { pieces: Buffer[]; bytes: number } {
  const found: RawJson[] = [];
  const marked = withMarkers(payload, RAW_JSON_DEPTH, found);
  const text = JSON.stringify(marked);
  // Text length counts UTF-16 units: close enough to bytes for a limit this far above real answers.
  const size = found.reduce((total, raw) => total + raw.bytes.length, text.length);
  if (size > maxBytes) return tooLargeAnswer(size, maxBytes);
  if (found.length === 0) return text;
  const pieces: Buffer[] = [];
  let rest = text;
  found.forEach((raw, index) => {
    const quoted = JSON.stringify(marker(index));
    const at = rest.indexOf(quoted);
    pieces.push(
      Buffer.from(rest.slice(0, at)),
      Buffer.from(raw.bytes.buffer, raw.bytes.byteOffset, raw.bytes.length),
    );
    rest = rest.slice(at + quoted.length);
  });
  pieces.push(Buffer.from(rest));
  return { pieces, bytes: pieces.reduce((total, piece) => total + piece.length, 0) };
}

/**
 * A GraphQL answer as JSON: JSON.stringify, with the raw JSON values spliced in as bytes.
 * Answers without any are plain JSON.stringify. One larger than maxBytes becomes an error.
 */
export function serializeWithRawJson(
  payload: unknown,
  maxBytes = Number.POSITIVE_INFINITY,
): string | Buffer {
  const answer = answerPieces(payload, maxBytes);
  return typeof answer === 'string' ? answer : Buffer.concat(answer.pieces);
}
