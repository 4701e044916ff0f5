import { MenuItem, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { OrganisationSummary } from '@/lib/organisations.ts';

interface Props {
  organisations: OrganisationSummary[];
  value: string | undefined;
  onChange: (organisationId: string) => void;
}

/** Platform admins choose whose users and settings they manage. */
export function OrganisationPicker({ organisations, value, onChange }: Props) {
  const { t } = useTranslation();
  return (
    <TextField
      select
      size="small"
      label={t('organisationPicker.label')}
      value={value ?? ''}
      onChange={(event) => onChange(event.target.value)}
      sx={{ minWidth: { xs: '100%', sm: 260 } }}
    >
      {organisations.map((organisation) => (
        <MenuItem key={organisation.id} value={organisation.id}>
          {organisation.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
