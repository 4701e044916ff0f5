import { FormatError } from './formatError.ts';

export interface Location {
  file: string;
  line: number;
}

/** A number from a field, NaN when the field is empty and optional; else a precise error. */
export function numberField(
  text: string | undefined,
  field: string,
  at: Location,
  required = false,
): number {
  const trimmed = (text ?? '').trim();
  if (trimmed === '') {
    if (required)
      throw new FormatError('value is missing', { file: at.file, line: at.line, field });
    return Number.NaN;
  }
  const value = Number(trimmed);
  if (!Number.isFinite(value)) {
    throw new FormatError(`'${trimmed}' is not a number`, { file: at.file, line: at.line, field });
  }
  return value;
}
