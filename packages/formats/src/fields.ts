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
      throw new FormatError('valueMissing', {}, { file: at.file, line: at.line, field });
    return Number.NaN;
  }
  const value = Number(trimmed);
  if (!Number.isFinite(value)) {
    throw new FormatError('notNumber', { value: trimmed }, { file: at.file, line: at.line, field });
  }
  return value;
}
