import { Box, Typography } from '@mui/material';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { useRoleLabel } from '@/lib/useRoleLabel.ts';
import type { Profile } from '@/lib/profile.ts';
import { SectionCard } from '@/ui/SectionCard.tsx';

interface Props {
  profile: Profile;
}

export function AccountDetails({ profile }: Props) {
  const { t } = useTranslation();
  const roleLabel = useRoleLabel();
  const name = `${profile.first_name} ${profile.last_name}`.trim();
  const rows: [string, string][] = [
    [t('profile.details.username'), profile.username],
    [t('profile.details.name'), name || '—'],
    [t('profile.details.email'), profile.email],
    [t('profile.details.organisation'), profile.organisation?.name ?? '—'],
    [t('profile.details.role'), roleLabel(profile.role)],
  ];
  return (
    <SectionCard title={t('profile.details.title')}>
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' },
          columnGap: 3,
          rowGap: { xs: 0.25, sm: 1.5 },
          m: 0,
        }}
      >
        {rows.map(([label, value]) => (
          <Fragment key={label}>
            <Typography component="dt" color="text.secondary" sx={{ mt: { xs: 1, sm: 0 } }}>
              {label}
            </Typography>
            <Typography component="dd" sx={{ m: 0, wordBreak: 'break-word' }}>
              {value}
            </Typography>
          </Fragment>
        ))}
      </Box>
    </SectionCard>
  );
}
