import { Tab, Tabs } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router-dom';

const TABS = [
  { path: '/ui/insights', labelKey: 'reports.tabs.request' },
  { path: '/ui/downloads', labelKey: 'reports.tabs.downloads' },
];

/** Moves between the Insights screen and the Downloads list. */
export function ReportsTabs() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const current = TABS.find((tab) => pathname.startsWith(tab.path))?.path ?? false;
  return (
    <Tabs
      value={current}
      variant="scrollable"
      allowScrollButtonsMobile
      aria-label={t('reports.tabs.label')}
    >
      {TABS.map((tab) => (
        <Tab
          key={tab.path}
          value={tab.path}
          label={t(tab.labelKey)}
          component={RouterLink}
          to={tab.path}
        />
      ))}
    </Tabs>
  );
}
