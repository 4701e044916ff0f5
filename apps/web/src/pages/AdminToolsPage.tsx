import { Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router-dom';
import { RouteTabs } from '@/ui/RouteTabs.tsx';

const TABS = [
  { path: '/ui/admin-tools/users', labelKey: 'adminTools.users' },
  { path: '/ui/admin-tools/organisation', labelKey: 'adminTools.organisation' },
  { path: '/ui/admin-tools/billing', labelKey: 'billing.adminTab' },
] as const;

/** Admin Tools: users and organisation settings, one tab each; the chosen organisation carries over. */
export function AdminToolsPage() {
  const { t } = useTranslation();
  return (
    <Stack spacing={2}>
      <Typography variant="h1">{t('nav.adminTools')}</Typography>
      <RouteTabs tabs={TABS} keepSearch />
      <Outlet />
    </Stack>
  );
}
