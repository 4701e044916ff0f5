import { Box, Stack, Tab, Tabs, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Outlet, useLocation } from 'react-router-dom';

const TABS = [
  { path: '/ui/admin-tools/users', labelKey: 'adminTools.users' },
  { path: '/ui/admin-tools/organisation', labelKey: 'adminTools.organisation' },
  { path: '/ui/admin-tools/billing', labelKey: 'billing.adminTab' },
] as const;

/** Admin Tools: users and organisation settings, one tab each; the chosen organisation carries over. */
export function AdminToolsPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const current = TABS.find((tab) => location.pathname.startsWith(tab.path))?.path ?? false;
  return (
    <Stack spacing={2}>
      <Typography variant="h1">{t('nav.adminTools')}</Typography>
      <Box sx={{ borderBottom: 1, borderColor: 'divider' }}>
        <Tabs value={current} variant="scrollable" allowScrollButtonsMobile>
          {TABS.map((tab) => (
            <Tab
              key={tab.path}
              value={tab.path}
              label={t(tab.labelKey)}
              component={RouterLink}
              to={`${tab.path}${location.search}`}
              sx={{ textTransform: 'none', fontSize: '1rem' }}
            />
          ))}
        </Tabs>
      </Box>
      <Outlet />
    </Stack>
  );
}
