import ChatBubbleOutlineIcon from '@mui/icons-material/ChatBubbleOutlineOutlined';
import LightbulbOutlinedIcon from '@mui/icons-material/LightbulbOutlined';
import MailOutlineIcon from '@mui/icons-material/MailOutlined';
import MenuBookIcon from '@mui/icons-material/MenuBook';
import TourIcon from '@mui/icons-material/TourOutlined';
import WorkspacePremiumIcon from '@mui/icons-material/WorkspacePremiumOutlined';
import { Alert, Box, Button, Link, Paper, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { useSession } from '@/lib/session/useSession.ts';
import { STAFF_ROLES } from '@/lib/navigation.tsx';
import { useProfile } from '@/lib/profile.ts';
import { BUILD_ID } from '@/lib/buildId.ts';
import { useSupportContact } from '../api/helpApi.ts';
import { StaffSupportPanel } from './StaffSupportPanel.tsx';
import { useSupportDialogs } from './SupportDialogs.tsx';

function HelpCard(props: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: 2.5, height: '100%' }} component="section">
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 1 }}>
        <Box sx={{ color: 'primary.main', display: 'flex' }}>{props.icon}</Box>
        <Typography variant="h6" component="h2">
          {props.title}
        </Typography>
      </Stack>
      <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
        {props.children}
      </Stack>
    </Paper>
  );
}

/** Help: feedback, a subscription enquiry, the support team's contact and where to learn more. */
export function HelpScreen({ onStartTour }: { onStartTour: () => void }) {
  const { t } = useTranslation();
  const dialogs = useSupportDialogs();
  const profile = useProfile();
  const contact = useSupportContact();
  const { claims } = useSession();
  const isStaff = (STAFF_ROLES as readonly string[]).includes(claims?.group ?? '');
  const isDemo = profile.data?.is_demo === true;

  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="h1" sx={{ fontSize: { xs: 28, md: 34 } }}>
          {t('help.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {t('help.intro')}
        </Typography>
      </Box>
      {isDemo && <Alert severity="info">{t('help.demo')}</Alert>}
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' },
        }}
      >
        {dialogs.available && (
          <HelpCard icon={<ChatBubbleOutlineIcon />} title={t('help.feedback.title')}>
            <Typography>{t('help.feedback.card')}</Typography>
            <Button variant="contained" onClick={dialogs.openFeedback}>
              {t('help.feedback.open')}
            </Button>
          </HelpCard>
        )}
        {dialogs.available && (
          <HelpCard icon={<WorkspacePremiumIcon />} title={t('help.subscription.title')}>
            <Typography>{t('help.subscription.card')}</Typography>
            <Button variant="outlined" onClick={dialogs.openSubscription}>
              {t('help.subscription.open')}
            </Button>
          </HelpCard>
        )}
        <HelpCard icon={<MailOutlineIcon />} title={t('help.contact.title')}>
          <Typography>{t('help.contact.body')}</Typography>
          {contact.data && (
            <Link href={`mailto:${contact.data.email}`} sx={{ fontWeight: 600 }}>
              {contact.data.email}
            </Link>
          )}
          <Typography variant="body2" color="text.secondary">
            {t('help.contact.hours')}
          </Typography>
          <Typography variant="caption" color="text.secondary" data-testid="build">
            {t('help.build', { build: BUILD_ID })}
          </Typography>
        </HelpCard>
        <HelpCard icon={<LightbulbOutlinedIcon />} title={t('help.learn.title')}>
          <Typography>{t('help.learn.body')}</Typography>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <Button
              component={RouterLink}
              to="/ui/guides"
              variant="outlined"
              startIcon={<LightbulbOutlinedIcon />}
            >
              {t('help.learn.guides')}
            </Button>
            <Button
              component={RouterLink}
              to="/ui/definitions"
              variant="outlined"
              startIcon={<MenuBookIcon />}
            >
              {t('help.learn.definitions')}
            </Button>
            <Button
              variant="outlined"
              startIcon={<TourIcon />}
              onClick={onStartTour}
              data-testid="start-tour"
            >
              {t('help.learn.tour')}
            </Button>
          </Stack>
          <Link component={RouterLink} to="/ui/definitions/api">
            {t('help.learn.api')}
          </Link>
        </HelpCard>
      </Box>
      {isStaff && <StaffSupportPanel />}
    </Stack>
  );
}
