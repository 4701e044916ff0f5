import EditIcon from '@mui/icons-material/Edit';
import {
  Button,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAmount, type LevelPrice } from '../api/billingApi.ts';
import { PriceDialog } from './PriceDialog.tsx';

interface Props {
  prices: LevelPrice[];
}

/** Staff: the price list, per level the monthly fee and unit prices in pounds, each editable. */
export function PricesTable({ prices }: Props) {
  const { t, i18n } = useTranslation();
  const [editing, setEditing] = useState<LevelPrice | null>(null);
  const money = (pence: number) => formatAmount(pence, i18n.language);
  const dates = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  return (
    <>
      <TableContainer component={Paper} variant="outlined" sx={{ overflowX: 'auto' }}>
        <Table size="small" sx={{ minWidth: 720 }} aria-label={t('prices.title')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('billing.level')}</TableCell>
              <TableCell align="right">{t('prices.monthly_fee_pence')}</TableCell>
              <TableCell align="right">{t('prices.per_active_user_pence')}</TableCell>
              <TableCell align="right">{t('prices.per_survey_site_pence')}</TableCell>
              <TableCell>{t('prices.changed')}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {prices.map((row) => {
              const level = t(`billing.levels.${row.level}`);
              return (
                <TableRow key={row.level} hover>
                  <TableCell sx={{ fontWeight: 500 }}>{level}</TableCell>
                  <TableCell align="right">{money(row.monthly_fee_pence)}</TableCell>
                  <TableCell align="right">{money(row.per_active_user_pence)}</TableCell>
                  <TableCell align="right">{money(row.per_survey_site_pence)}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {row.updated_by
                      ? t('prices.changedBy', {
                          date: dates.format(new Date(row.updated_at)),
                          user: row.updated_by,
                        })
                      : t('prices.starting')}
                  </TableCell>
                  <TableCell align="right">
                    <Button
                      size="small"
                      startIcon={<EditIcon />}
                      onClick={() => setEditing(row)}
                      aria-label={t('prices.editLabel', { level })}
                    >
                      {t('prices.edit')}
                    </Button>
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
      <PriceDialog price={editing} onClose={() => setEditing(null)} />
    </>
  );
}
