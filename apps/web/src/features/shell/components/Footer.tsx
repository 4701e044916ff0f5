import { Box, Link, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';

export function Footer() {
  const { t } = useTranslation();
  return (
    <Box
      component="footer"
      sx={{
        py: 3,
        px: 2,
        mt: 'auto',
        borderTop: 1,
        borderColor: 'divider',
        bgcolor: 'background.paper',
      }}
    >
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={{ xs: 1, sm: 3 }}
        sx={{ justifyContent: 'center', alignItems: 'center' }}
      >
        <Typography variant="body2" color="text.secondary">
          {t('footer.copyright', { year: new Date().getFullYear() })}
        </Typography>
        <Link component={RouterLink} to="/privacy/" variant="body2">
          {t('footer.privacy')}
        </Link>
        <Link component={RouterLink} to="/version/" variant="body2">
          {t('footer.latestUpdates')}
        </Link>
        <Link component={RouterLink} to="/terms" variant="body2">
          {t('footer.terms')}
        </Link>
      </Stack>
    </Box>
  );
}
