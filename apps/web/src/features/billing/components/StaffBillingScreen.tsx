import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import {
  Alert,
  Button,
  CircularProgress,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { billingMonthSchema, previousMonth } from '@roadcount/domain';
import { useFlash } from '@/ui/flash/useFlash.ts';
import { errorMessage } from '@/lib/requestErrors.ts';
import {
  billingKeys,
  useBills,
  useGenerateBills,
  usePrices,
  useSubscriptions,
} from '../api/billingApi.ts';
import { BillsTable } from './BillsTable.tsx';
import { PricesTable } from './PricesTable.tsx';
import { StaffTabs } from '@/ui/StaffTabs.tsx';
import { SubscriptionsTable } from './SubscriptionsTable.tsx';
import { useTaskProgress } from '@/lib/tasks/useTaskProgress.ts';
import { TaskProgress } from '@/ui/TaskProgress.tsx';

/** Staff: the price list, every subscription, the monthly bill run, and every bill. */
export function StaffBillingScreen() {
  const { t } = useTranslation();
  const flash = useFlash();
  const queryClient = useQueryClient();
  const subscriptions = useSubscriptions();
  const bills = useBills();
  const prices = usePrices();
  const generate = useGenerateBills();
  const [month, setMonth] = useState(() => previousMonth(new Date()));
  const [taskId, setTaskId] = useState<string>();
  const progress = useTaskProgress(taskId);
  const monthValid = billingMonthSchema.safeParse(month).success;

  useEffect(() => {
    if (progress.data?.state === 'CM')
      void queryClient.invalidateQueries({ queryKey: billingKeys.bills });
  }, [progress.data?.state, queryClient]);

  const run = () =>
    generate.mutate(month, {
      onSuccess: (task) => setTaskId(task.id),
      onError: (error) => flash({ message: errorMessage(error), severity: 'error' }),
    });

  return (
    <Stack spacing={2}>
      <Typography variant="h1">{t('billing.title')}</Typography>
      <StaffTabs />
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack spacing={2}>
          <Typography variant="h2">{t('billing.generate.title')}</Typography>
          <Typography variant="body2" color="text.secondary">
            {t('billing.generate.help')}
          </Typography>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={2}
            sx={{ alignItems: { xs: 'stretch', sm: 'center' } }}
          >
            <TextField
              type="month"
              label={t('billing.generate.month')}
              value={month}
              onChange={(event) => setMonth(event.target.value)}
              error={!monthValid}
              helperText={monthValid ? ' ' : t('billing.generate.monthInvalid')}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <Button
              variant="contained"
              startIcon={<ReceiptLongIcon />}
              disabled={!monthValid || generate.isPending}
              onClick={run}
            >
              {t('billing.generate.submit')}
            </Button>
          </Stack>
          <TaskProgress taskId={taskId} />
        </Stack>
      </Paper>
      <Typography variant="h2">{t('prices.title')}</Typography>
      <Typography variant="body2" color="text.secondary">
        {t('prices.help')}
      </Typography>
      {prices.error && <Alert severity="error">{errorMessage(prices.error)}</Alert>}
      {prices.data ? (
        <PricesTable prices={prices.data} />
      ) : (
        !prices.error && <CircularProgress aria-label={t('common.loading')} />
      )}
      <Typography variant="h2">{t('billing.subscriptions.title')}</Typography>
      {subscriptions.error && <Alert severity="error">{errorMessage(subscriptions.error)}</Alert>}
      {subscriptions.data ? (
        <SubscriptionsTable subscriptions={subscriptions.data} />
      ) : (
        <CircularProgress aria-label={t('common.loading')} />
      )}
      <Typography variant="h2">{t('billing.bills.title')}</Typography>
      {bills.error && <Alert severity="error">{errorMessage(bills.error)}</Alert>}
      {bills.data && <BillsTable bills={bills.data} showOrganisation />}
    </Stack>
  );
}
