import { Alert, CircularProgress, Paper, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/requestErrors.ts';
import { useBills, useSubscriptions } from '../api/billingApi.ts';
import { BillsTable } from './BillsTable.tsx';

/** An organisation's admins: their subscription and their own bills (staff reach every one). */
export function OrganisationBillingScreen() {
  const { t, i18n } = useTranslation();
  const subscriptions = useSubscriptions();
  const bills = useBills();
  const dates = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long' });
  const error = subscriptions.error ?? bills.error;
  if (error) return <Alert severity="error">{errorMessage(error)}</Alert>;
  if (!subscriptions.data || !bills.data)
    return <CircularProgress aria-label={t('common.loading')} />;
  return (
    <Stack spacing={2}>
      {subscriptions.data.map((subscription) => (
        <Paper key={subscription.organisation_id} variant="outlined" sx={{ p: 2 }}>
          <Typography variant="h2" gutterBottom>
            {t('billing.own.title', { name: subscription.organisation_name })}
          </Typography>
          <Typography>
            {t('billing.own.summary', {
              level: t(`billing.levels.${subscription.level}`, subscription.level),
              state: t(`billing.states.${subscription.state}`),
              users: subscription.max_active_users,
              sites: subscription.max_sites,
            })}
          </Typography>
          <Typography color="text.secondary">
            {t('billing.own.renewal', {
              date: dates.format(new Date(`${subscription.renewal_on}T12:00:00Z`)),
            })}
          </Typography>
          {subscription.data_deleted_after && (
            <Alert severity="warning" sx={{ mt: 1 }}>
              {t('billing.own.retention', {
                date: dates.format(new Date(subscription.data_deleted_after)),
              })}
            </Alert>
          )}
        </Paper>
      ))}
      <Typography variant="h2">{t('billing.bills.title')}</Typography>
      <BillsTable bills={bills.data} showOrganisation={subscriptions.data.length > 1} />
    </Stack>
  );
}
