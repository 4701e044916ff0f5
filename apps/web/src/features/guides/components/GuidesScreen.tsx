import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import {
  Alert,
  Box,
  Button,
  Card,
  CardActionArea,
  CardContent,
  LinearProgress,
  Paper,
  Stack,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Navigate, useParams } from 'react-router-dom';
import { GUIDES, loadGuide, type Guide } from '../guides.ts';
import { GuideMarkdown } from './GuideMarkdown.tsx';

function GuideView({ guide }: { guide: Guide }) {
  const { t, i18n } = useTranslation();
  const source = useQuery({
    queryKey: ['guide', guide.slug, i18n.language],
    queryFn: () => loadGuide(guide.slug, i18n.language),
    staleTime: Number.POSITIVE_INFINITY,
  });
  return (
    <Stack spacing={2}>
      <Box>
        <Button component={RouterLink} to="/ui/guides" startIcon={<ArrowBackIcon />}>
          {t('guides.all')}
        </Button>
      </Box>
      <Paper variant="outlined" component="article" sx={{ p: { xs: 2, sm: 4 }, maxWidth: 900 }}>
        <Typography variant="h1" sx={{ fontSize: { xs: 26, md: 32 }, mb: 2 }}>
          {t(`guides.items.${guide.slug}.title`)}
        </Typography>
        {source.isPending && <LinearProgress aria-label={t('guides.loading')} />}
        {source.isError && <Alert severity="error">{source.error.message}</Alert>}
        {source.data && <GuideMarkdown source={source.data} />}
        <Button
          component={RouterLink}
          to={guide.screen}
          variant="contained"
          endIcon={<OpenInNewIcon />}
          sx={{ mt: 2 }}
        >
          {t('guides.openScreen', { screen: t(`guides.items.${guide.slug}.screen`) })}
        </Button>
      </Paper>
    </Stack>
  );
}

/** Guides: short task-oriented guides, each about one screen and linking to it. */
export function GuidesScreen() {
  const { t } = useTranslation();
  const { slug } = useParams();
  if (slug) {
    const guide = GUIDES.find((candidate) => candidate.slug === slug);
    return guide ? <GuideView guide={guide} /> : <Navigate to="/ui/guides" replace />;
  }
  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="h1" sx={{ fontSize: { xs: 28, md: 34 } }}>
          {t('guides.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {t('guides.intro')}
        </Typography>
      </Box>
      <Box
        component="ul"
        aria-label={t('guides.title')}
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: '1fr 1fr 1fr' },
        }}
      >
        {GUIDES.map((guide) => (
          <Box component="li" key={guide.slug}>
            <Card variant="outlined" sx={{ height: '100%' }}>
              <CardActionArea
                component={RouterLink}
                to={`/ui/guides/${guide.slug}`}
                sx={{ height: '100%', alignItems: 'flex-start' }}
              >
                <CardContent>
                  <Typography variant="h6" component="h2" gutterBottom>
                    {t(`guides.items.${guide.slug}.title`)}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {t(`guides.items.${guide.slug}.summary`)}
                  </Typography>
                </CardContent>
              </CardActionArea>
            </Card>
          </Box>
        ))}
      </Box>
    </Stack>
  );
}
