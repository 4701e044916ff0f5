import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import LogoutIcon from '@mui/icons-material/Logout';
import MenuIcon from '@mui/icons-material/Menu';
import {
  AppBar,
  Box,
  Drawer,
  IconButton,
  LinearProgress,
  List,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Menu,
  MenuItem,
  Toolbar,
  Tooltip,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { useSession } from '@/lib/session/useSession.ts';
import { NAVIGATION, isVisibleTo } from '@/lib/navigation.tsx';
import { BrandMark } from './BrandMark.tsx';
import { LocalePicker } from './LocalePicker.tsx';

const DRAWER_WIDTH = 248;

interface Props {
  /** Buttons of the top bar before the language and account (feedback), from SignedInLayout. */
  topBarActions: ReactNode;
  /** Above every screen (the organisation view's banner). */
  banner: ReactNode;
  /** Drawn once beside the screens: what every signed-in page does (SessionEffects). */
  effects: ReactNode;
}

/** The authenticated /ui area: top bar, main navigation and the current screen. */
export function AppLayout({ topBarActions, banner, effects }: Props) {
  const { t } = useTranslation();
  const theme = useTheme();
  const permanent = useMediaQuery(theme.breakpoints.up('md'));
  const [open, setOpen] = useState(false);
  const [accountAnchor, setAccountAnchor] = useState<HTMLElement | null>(null);
  const { claims, signOut } = useSession();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const entries = NAVIGATION.filter((entry) => isVisibleTo(entry, claims?.group));

  const navigation = (
    <Box component="nav" aria-label={t('nav.label')} data-tour={permanent ? 'menu' : undefined}>
      <Toolbar />
      <List dense>
        {entries.map((entry) => (
          <ListItemButton
            key={entry.path}
            component={NavLink}
            to={entry.path}
            // A section stays highlighted on each of its screens; NavLink adds 'active' otherwise.
            className={entry.section && pathname.startsWith(entry.section) ? 'active' : undefined}
            onClick={() => setOpen(false)}
            sx={{
              mx: 1,
              borderRadius: 1,
              '&.active': { bgcolor: 'action.selected', color: 'primary.main' },
            }}
          >
            <ListItemIcon sx={{ minWidth: 40, color: 'inherit' }}>{entry.icon}</ListItemIcon>
            <ListItemText primary={t(entry.labelKey)} />
          </ListItemButton>
        ))}
      </List>
    </Box>
  );

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <AppBar position="fixed" sx={{ zIndex: theme.zIndex.drawer + 1 }}>
        <Toolbar sx={{ gap: 1 }}>
          {!permanent && (
            <IconButton
              color="inherit"
              edge="start"
              aria-label={t('nav.open')}
              onClick={() => setOpen(true)}
              data-tour="menu"
            >
              <MenuIcon />
            </IconButton>
          )}
          <Box sx={{ flexGrow: 1 }}>
            <BrandMark inverted />
          </Box>
          {topBarActions}
          <LocalePicker compact color="inherit" />
          <Tooltip title={t('account.menu')}>
            <IconButton
              color="inherit"
              aria-label={t('account.menu')}
              aria-haspopup="menu"
              aria-expanded={accountAnchor !== null}
              onClick={(event) => setAccountAnchor(event.currentTarget)}
            >
              <AccountCircleIcon />
            </IconButton>
          </Tooltip>
          <Menu
            anchorEl={accountAnchor}
            open={accountAnchor !== null}
            onClose={() => setAccountAnchor(null)}
          >
            <MenuItem component={NavLink} to="/ui/profile" onClick={() => setAccountAnchor(null)}>
              {t('account.profile')}
            </MenuItem>
          </Menu>
          <Tooltip title={t('auth.signOut')}>
            <IconButton
              color="inherit"
              aria-label={t('auth.signOut')}
              onClick={() => {
                signOut();
                void navigate('/auth/login', { replace: true });
              }}
            >
              <LogoutIcon />
            </IconButton>
          </Tooltip>
        </Toolbar>
      </AppBar>
      <Drawer
        variant={permanent ? 'permanent' : 'temporary'}
        open={permanent || open}
        onClose={() => setOpen(false)}
        sx={{
          width: DRAWER_WIDTH,
          flexShrink: 0,
          '& .MuiDrawer-paper': { width: DRAWER_WIDTH },
        }}
      >
        {navigation}
      </Drawer>
      <Box component="main" sx={{ flexGrow: 1, minWidth: 0, p: { xs: 2, md: 3 } }}>
        <Toolbar />
        {banner}
        <Suspense fallback={<LinearProgress aria-label={t('nav.loadingPage')} />}>
          <Outlet />
        </Suspense>
        {effects}
      </Box>
    </Box>
  );
}
