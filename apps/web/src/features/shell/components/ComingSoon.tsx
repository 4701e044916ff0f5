import ConstructionIcon from '@mui/icons-material/Construction';
import { Paper, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';

interface Props {
  /** i18n key of the screen's title. */
  titleKey: string;
}

/** A screen that a later release brings: says so, never a blank page. */
export function ComingSoon({ titleKey }: Props) {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, md: 6 }, textAlign: 'center' }}>
      <Stack spacing={2} sx={{ alignItems: 'center' }}>
        <ConstructionIcon color="primary" sx={{ fontSize: 56 }} />
        <Typography variant="h1">{t(titleKey)}</Typography>
        <Typography color="text.secondary" sx={{ maxWidth: 520 }}>
          {t('comingSoon.body')}
        </Typography>
      </Stack>
    </Paper>
  );
}
