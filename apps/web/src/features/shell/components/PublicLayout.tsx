import { AppBar, Box, Button, Container, Toolbar } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Outlet, Link as RouterLink } from 'react-router-dom';
import { BrandMark } from './BrandMark.tsx';
import { Footer } from './Footer.tsx';
import { LocalePicker } from './LocalePicker.tsx';

interface Props {
  showSignIn?: boolean;
}

/** Header, content and footer for the public pages. */
export function PublicLayout({ showSignIn = false }: Props) {
  const { t } = useTranslation();
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <AppBar
        position="static"
        color="inherit"
        elevation={0}
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        <Toolbar sx={{ gap: 2 }}>
          <Box component={RouterLink} to="/auth/login" sx={{ textDecoration: 'none', flexGrow: 1 }}>
            <BrandMark />
          </Box>
          {showSignIn && (
            <Button component={RouterLink} to="/auth/login" variant="outlined">
              {t('auth.signIn')}
            </Button>
          )}
          <Box sx={{ display: { xs: 'none', sm: 'block' } }}>
            <LocalePicker />
          </Box>
          <Box sx={{ display: { xs: 'block', sm: 'none' } }}>
            <LocalePicker compact />
          </Box>
        </Toolbar>
      </AppBar>
      <Container component="main" maxWidth="md" sx={{ flexGrow: 1, py: { xs: 3, sm: 5 } }}>
        <Outlet />
      </Container>
      <Footer />
    </Box>
  );
}
