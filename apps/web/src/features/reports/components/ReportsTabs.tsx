import { Tab, Tabs } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router-dom';

const TABS = [
  { path: '/ui/insights', labelKey: 'reports.tabs.request' },
  { path: '/ui/insights/year-in-review', labelKey: 'reports.tabs.year' },
  { path: '/ui/insights/factor-groups', labelKey: 'engineering.groups.tab' },
  { path: '/ui/downloads', labelKey: 'reports.tabs.downloads' },
];

/** Moves between the Insights screen and the Downloads list. */
export function ReportsTabs() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  // The longest path that the address starts with: year in review lies under insights.
  const current =
    TABS.filter((tab) => pathname.startsWith(tab.path)).sort(
      (a, b) => b.path.length - a.path.length,
    )[0]?.path ?? false;
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
