import { Paper, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';

interface Section {
  heading: string;
  body: string;
}

export function PrivacyPage() {
  const { t } = useTranslation();
  const sections = t('privacy.sections', { returnObjects: true }) as Section[];
  return (
    <Paper component="article" sx={{ p: { xs: 3, sm: 5 } }}>
      <Stack spacing={2.5}>
        <Typography variant="h1">{t('privacy.title')}</Typography>
        <Typography variant="body2" color="text.secondary">
          {t('privacy.lastModified')}
        </Typography>
        {sections.map((section) => (
          <section key={section.heading}>
            <Typography variant="h3" component="h2" gutterBottom>
              {section.heading}
            </Typography>
            <Typography>{section.body}</Typography>
          </section>
        ))}
      </Stack>
    </Paper>
  );
}
