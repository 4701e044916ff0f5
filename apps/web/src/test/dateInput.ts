import { screen } from '@testing-library/react';

/**
 * The input behind a date field (DateField): it holds the day as the field shows it, and a
 * change to it types a whole day in the field's format (28/11/2025 in en-GB).
 */
export function dateInput(label: string | RegExp): HTMLInputElement {
  const input = screen
    .getAllByLabelText(label)
    .find((element): element is HTMLInputElement => element instanceof HTMLInputElement);
  if (!input) throw new Error(`no date field labelled ${String(label)}`);
  return input;
}
