import { Paper, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { SUBSCRIPTION_TERMS } from '@roadcount/domain';

interface Section {
  heading: string;
  body: string;
}

/** The terms of service, as the public /terms page states them. */
export function TermsView() {
  const { t } = useTranslation();
  const sections = t('terms.sections', { returnObjects: true, ...SUBSCRIPTION_TERMS }) as Section[];
  return (
    <Paper variant="outlined" component="article" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack spacing={2}>
        {sections.map((section) => (
          <section key={section.heading}>
            <Typography variant="h6" component="h2" gutterBottom>
              {section.heading}
            </Typography>
            <Typography>{section.body}</Typography>
          </section>
        ))}
      </Stack>
    </Paper>
  );
}
