import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Button, Paper, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { SUBSCRIPTION_TERMS } from '@roadcount/domain';

interface Section {
  heading: string;
  body: string;
}

export function TermsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const sections = t('terms.sections', { returnObjects: true, ...SUBSCRIPTION_TERMS }) as Section[];
  return (
    <Paper component="article" sx={{ p: { xs: 3, sm: 5 } }}>
      <Stack spacing={2.5}>
        <Button
          startIcon={<ArrowBackIcon />}
          onClick={() => void navigate(-1)}
          sx={{ alignSelf: 'flex-start' }}
        >
          {t('terms.return')}
        </Button>
        <Typography variant="h1">{t('terms.title')}</Typography>
        {sections.map((section) => (
          <section key={section.heading}>
            <Typography variant="h3" component="h2" gutterBottom>
              {section.heading}
            </Typography>
            <Typography sx={{ whiteSpace: 'pre-line' }}>{section.body}</Typography>
          </section>
        ))}
      </Stack>
    </Paper>
  );
}
