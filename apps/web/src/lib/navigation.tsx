import DownloadIcon from '@mui/icons-material/Download';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import BadgeIcon from '@mui/icons-material/Badge';
import HelpOutlineIcon from '@mui/icons-material/HelpOutlineOutlined';
import InsightsIcon from '@mui/icons-material/Insights';
import LightbulbOutlinedIcon from '@mui/icons-material/LightbulbOutlined';
import MapIcon from '@mui/icons-material/Map';
import MemoryIcon from '@mui/icons-material/Memory';
import MenuBookIcon from '@mui/icons-material/MenuBook';
import PlaceIcon from '@mui/icons-material/Place';
import RouterIcon from '@mui/icons-material/Router';
import SettingsInputAntennaIcon from '@mui/icons-material/SettingsInputAntenna';
import TranslateIcon from '@mui/icons-material/Translate';
import FolderOpenIcon from '@mui/icons-material/FolderOpen';
import EventNoteIcon from '@mui/icons-material/EventNote';
import type { ReactElement } from 'react';
import { PERMISSIONS, type Role } from '@roadcount/domain';

export interface NavigationEntry {
  /** i18n key of the label. */
  labelKey: string;
  path: string;
  icon: ReactElement;
  /** The groups that see the entry; every group when absent. */
  roles?: readonly Role[];
  /** Highlight the entry on every path under this one (a section with several screens). */
  section?: string;
}

/** Organisation admins and platform staff manage users and organisation settings. */
export const ADMIN_TOOLS_ROLES: readonly Role[] = PERMISSIONS['users.list'];
/** Platform staff only. */
export const STAFF_ROLES: readonly Role[] = PERMISSIONS['staff.tools'];

export function isVisibleTo(entry: NavigationEntry, group: string | undefined): boolean {
  return !entry.roles || (entry.roles as readonly string[]).includes(group ?? '');
}

/** SPEC section 2: the main navigation entries, in the order they appear. */
export const NAVIGATION: NavigationEntry[] = [
  { labelKey: 'nav.analysis', path: '/ui/analysis/map', icon: <MapIcon /> },
  { labelKey: 'nav.sites', path: '/ui/site-list', icon: <PlaceIcon /> },
  { labelKey: 'surveys.nav', path: '/ui/surveys', icon: <EventNoteIcon /> },
  { labelKey: 'nav.management', path: '/ui/file-management', icon: <FolderOpenIcon /> },
  { labelKey: 'nav.insights', path: '/ui/insights', icon: <InsightsIcon /> },
  { labelKey: 'nav.downloads', path: '/ui/downloads', icon: <DownloadIcon /> },
  { labelKey: 'nav.roadstuds', path: '/ui/roadstuds', icon: <SettingsInputAntennaIcon /> },
  { labelKey: 'nav.gateways', path: '/ui/gateways', icon: <RouterIcon /> },
  { labelKey: 'nav.hardware', path: '/ui/hardware', icon: <MemoryIcon /> },
  {
    labelKey: 'nav.adminTools',
    path: '/ui/admin-tools/users',
    icon: <AdminPanelSettingsIcon />,
    roles: ADMIN_TOOLS_ROLES,
    section: '/ui/admin-tools',
  },
  {
    labelKey: 'nav.staff',
    path: '/ui/staff/organisations',
    icon: <BadgeIcon />,
    roles: STAFF_ROLES,
    section: '/ui/staff',
  },
  {
    labelKey: 'nav.translate',
    path: '/ui/translate',
    icon: <TranslateIcon />,
    roles: STAFF_ROLES,
  },
  { labelKey: 'nav.help', path: '/ui/help', icon: <HelpOutlineIcon /> },
  { labelKey: 'nav.guides', path: '/ui/guides', icon: <LightbulbOutlinedIcon /> },
  { labelKey: 'nav.definitions', path: '/ui/definitions', icon: <MenuBookIcon /> },
];
