import { fireEvent, render, screen } from '@testing-library/react';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '@/i18n/i18n.ts';
import { DateField } from './DateField.tsx';

/** The input behind the field: it holds the day as shown, and takes a whole day typed. */
const dateInput = (label: string) =>
  screen
    .getAllByLabelText(label)
    .find(
      (element): element is HTMLInputElement => element instanceof HTMLInputElement,
    ) as HTMLInputElement;

describe('a date field in the interface language (issue 37)', () => {
  afterAll(() => changeLocale('en-GB'));

  it('reads and writes days in the interface language, not the browser’s', async () => {
    // The test browser's own locale is en-US, where a date input shows 11/28/2025.
    expect(navigator.language).toBe('en-US');
    await changeLocale('en-GB');
    const onChange = vi.fn();
    const { unmount } = render(<DateField label="From" value="2025-11-28" onChange={onChange} />);
    expect(dateInput('From').value).toBe('28/11/2025');
    // 09/06/2025 typed in en-GB is the 9th of June.
    fireEvent.change(dateInput('From'), { target: { value: '09/06/2025' } });
    expect(onChange).toHaveBeenLastCalledWith('2025-06-09');
    unmount();
  });

  it('follows a change of language', async () => {
    await changeLocale('nl-NL');
    const { unmount } = render(<DateField label="Van" value="2025-11-28" onChange={() => {}} />);
    expect(dateInput('Van').value).toBe('28-11-2025');
    unmount();
  });
});
