import { Box, Tab, Tabs } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router-dom';

export type RouteTab = { path: string; labelKey: string };

/**
 * A row of tabs, one screen each, the current one found from the address. With `keepSearch` the
 * query string (say, the chosen organisation) carries over from tab to tab.
 */
export function RouteTabs({
  tabs,
  keepSearch = false,
}: {
  tabs: readonly RouteTab[];
  keepSearch?: boolean;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  const current = tabs.find((tab) => location.pathname.startsWith(tab.path))?.path ?? false;
  return (
    <Box sx={{ borderBottom: 1, borderColor: 'divider' }}>
      <Tabs value={current} variant="scrollable" allowScrollButtonsMobile>
        {tabs.map((tab) => (
          <Tab
            key={tab.path}
            value={tab.path}
            label={t(tab.labelKey)}
            component={RouterLink}
            to={keepSearch ? `${tab.path}${location.search}` : tab.path}
            sx={{ textTransform: 'none', fontSize: '1rem' }}
          />
        ))}
      </Tabs>
    </Box>
  );
}
