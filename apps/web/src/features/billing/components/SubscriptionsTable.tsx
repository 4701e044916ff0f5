import {
  MenuItem,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  SUBSCRIPTION_LEVEL_NAMES,
  SUBSCRIPTION_STATES,
  type SubscriptionLevel,
  type SubscriptionState,
} from '@roadcount/domain';
import { useFlash } from '@/ui/flash/useFlash.ts';
import { errorMessage } from '@/lib/requestErrors.ts';
import {
  useUpdateSubscription,
  type Subscription,
  type SubscriptionChange,
} from '../api/billingApi.ts';
import { DateField } from '@/ui/DateField.tsx';

interface Props {
  subscriptions: Subscription[];
}

/** Staff: each organisation's subscription, its level, state and renewal date editable. */
export function SubscriptionsTable({ subscriptions }: Props) {
  const { t, i18n } = useTranslation();
  const flash = useFlash();
  const update = useUpdateSubscription();
  const dates = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  const change = (organisationId: string, body: SubscriptionChange) =>
    update.mutate(
      { organisationId, change: body },
      {
        onSuccess: () => flash({ message: t('billing.subscriptions.saved'), severity: 'success' }),
        onError: (error) => flash({ message: errorMessage(error), severity: 'error' }),
      },
    );
  return (
    <TableContainer component={Paper} variant="outlined" sx={{ overflowX: 'auto' }}>
      <Table size="small" sx={{ minWidth: 860 }} aria-label={t('billing.subscriptions.title')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('billing.organisation')}</TableCell>
            <TableCell>{t('billing.level')}</TableCell>
            <TableCell>{t('billing.subscriptions.state')}</TableCell>
            <TableCell>{t('billing.subscriptions.renewal')}</TableCell>
            <TableCell align="right">{t('billing.subscriptions.limits')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {subscriptions.map((row) => (
            <TableRow key={row.organisation_id} hover>
              <TableCell sx={{ fontWeight: 500 }}>
                {row.organisation_name}
                {row.data_deleted_after && (
                  <div style={{ fontWeight: 400, fontSize: '0.8rem', color: '#c62828' }}>
                    {t('billing.subscriptions.deletedAfter', {
                      date: dates.format(new Date(row.data_deleted_after)),
                    })}
                  </div>
                )}
              </TableCell>
              <TableCell>
                <TextField
                  select
                  size="small"
                  value={row.level}
                  label={t('billing.level')}
                  onChange={(event) =>
                    change(row.organisation_id, { level: event.target.value as SubscriptionLevel })
                  }
                  sx={{ minWidth: 140 }}
                >
                  {SUBSCRIPTION_LEVEL_NAMES.map((level) => (
                    <MenuItem key={level} value={level}>
                      {t(`billing.levels.${level}`)}
                    </MenuItem>
                  ))}
                </TextField>
              </TableCell>
              <TableCell>
                <TextField
                  select
                  size="small"
                  value={row.state}
                  label={t('billing.subscriptions.state')}
                  onChange={(event) =>
                    change(row.organisation_id, { state: event.target.value as SubscriptionState })
                  }
                  sx={{ minWidth: 140 }}
                >
                  {SUBSCRIPTION_STATES.map((state) => (
                    <MenuItem key={state} value={state}>
                      {t(`billing.states.${state}`)}
                    </MenuItem>
                  ))}
                </TextField>
              </TableCell>
              <TableCell>
                <RenewalField
                  key={row.renewal_on}
                  label={t('billing.subscriptions.renewal')}
                  saved={row.renewal_on}
                  onSave={(day) => change(row.organisation_id, { renewal_on: day })}
                />
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {t('billing.subscriptions.limitsValue', {
                  users: row.max_active_users,
                  sites: row.max_sites,
                })}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** The renewal day: saved when picked from the calendar or when the field is left changed. */
function RenewalField({
  label,
  saved,
  onSave,
}: {
  label: string;
  saved: string;
  onSave: (day: string) => void;
}) {
  const [day, setDay] = useState(saved);
  const commit = (value: string) => {
    if (value && value !== saved) onSave(value);
  };
  return (
    <DateField
      size="small"
      label={label}
      value={day}
      onChange={setDay}
      onAccept={commit}
      onBlur={() => commit(day)}
    />
  );
}
