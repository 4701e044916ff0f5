import { Box, Tab, Tabs } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router-dom';

const TABS = [
  { path: '/ui/staff/organisations', labelKey: 'staff.title' },
  { path: '/ui/staff/billing', labelKey: 'billing.title' },
  { path: '/ui/staff/changelog', labelKey: 'billing.changelog.title' },
] as const;

/** The staff area's screens, one tab each. */
export function StaffTabs() {
  const { t } = useTranslation();
  const location = useLocation();
  const current = TABS.find((tab) => location.pathname.startsWith(tab.path))?.path ?? false;
  return (
    <Box sx={{ borderBottom: 1, borderColor: 'divider' }}>
      <Tabs value={current} variant="scrollable" allowScrollButtonsMobile>
        {TABS.map((tab) => (
          <Tab
            key={tab.path}
            value={tab.path}
            label={t(tab.labelKey)}
            component={RouterLink}
            to={tab.path}
            sx={{ textTransform: 'none', fontSize: '1rem' }}
          />
        ))}
      </Tabs>
    </Box>
  );
}
