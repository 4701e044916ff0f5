import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { DatePickersProvider } from './DatePickers.tsx';

interface Props {
  label: string;
  /** The day as YYYY-MM-DD, or '' for none. */
  value: string;
  /** Called with the day as YYYY-MM-DD, or '' when the field is cleared or not a date yet. */
  onChange: (value: string) => void;
  /** The earliest and latest days offered, as YYYY-MM-DD. */
  min?: string;
  max?: string;
  size?: 'small' | 'medium';
  fullWidth?: boolean;
  required?: boolean;
  error?: boolean;
  helperText?: ReactNode;
  disabled?: boolean;
  /** Called when the field loses the focus (a change saved on leaving the field). */
  onBlur?: () => void;
  /** Called with the day picked from the calendar (a change saved once chosen). */
  onAccept?: (value: string) => void;
}

const ISO_DAY = 'YYYY-MM-DD';

/**
 * A date field written and read in the interface language (DatePickersProvider gives it), with
 * a calendar to pick from; the value stays a plain YYYY-MM-DD day for the screens.
 */
export function DateField({
  label,
  value,
  onChange,
  min,
  max,
  size,
  fullWidth,
  required,
  error,
  helperText,
  disabled,
  onBlur,
  onAccept,
}: Props) {
  const parsed = value ? dayjs(value, ISO_DAY) : null;
  return (
    <DatePickersProvider>
      <DatePicker
        label={label}
        value={parsed?.isValid() ? parsed : null}
        onChange={(next) => onChange(next?.isValid() ? next.format(ISO_DAY) : '')}
        onAccept={(next) => onAccept?.(next?.isValid() ? next.format(ISO_DAY) : '')}
        disabled={disabled}
        minDate={min ? dayjs(min, ISO_DAY) : undefined}
        maxDate={max ? dayjs(max, ISO_DAY) : undefined}
        slotProps={{
          textField: { size, fullWidth, required, error, helperText, onBlur },
        }}
      />
    </DatePickersProvider>
  );
}
