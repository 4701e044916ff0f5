import { Chip } from '@mui/material';
import { useTranslation } from 'react-i18next';

const COLOURS: Record<string, 'default' | 'info' | 'warning' | 'success' | 'error'> = {
  LOAD: 'info',
  WFR: 'warning',
  ACC: 'success',
  REJ: 'error',
  PDC: 'success',
  NRE: 'success',
};

/** A file's data status with the labels of SPEC section 4. */
export function StatusChip({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      color={COLOURS[status] ?? 'default'}
      variant={status === 'LOAD' ? 'outlined' : 'filled'}
      label={t(`files.status.${status}`, { defaultValue: status })}
    />
  );
}
