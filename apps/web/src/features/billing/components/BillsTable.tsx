import {
  Button,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useFlash } from '@/ui/flash/useFlash.ts';
import { errorMessage } from '@/lib/requestErrors.ts';
import { downloadBill, formatAmount, type Bill } from '../api/billingApi.ts';

interface Props {
  bills: Bill[];
  /** Staff see every organisation's bills, so the organisation is a column. */
  showOrganisation: boolean;
}

/** Monthly bills with their usage, total and files. */
export function BillsTable({ bills, showOrganisation }: Props) {
  const { t, i18n } = useTranslation();
  const flash = useFlash();
  const months = new Intl.DateTimeFormat(i18n.language, {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const save = (bill: Bill, format: 'pdf' | 'csv') =>
    void downloadBill(bill, format).catch((error: unknown) =>
      flash({ message: errorMessage(error), severity: 'error' }),
    );
  return (
    <TableContainer component={Paper} variant="outlined" sx={{ overflowX: 'auto' }}>
      <Table size="small" sx={{ minWidth: 640 }} aria-label={t('billing.bills.title')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('billing.bills.month')}</TableCell>
            {showOrganisation && <TableCell>{t('billing.organisation')}</TableCell>}
            <TableCell>{t('billing.level')}</TableCell>
            <TableCell align="right">{t('billing.bills.activeUsers')}</TableCell>
            <TableCell align="right">{t('billing.bills.surveySites')}</TableCell>
            <TableCell align="right">{t('billing.bills.total')}</TableCell>
            <TableCell>{t('billing.bills.files')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {bills.length === 0 && (
            <TableRow>
              <TableCell colSpan={showOrganisation ? 7 : 6} align="center">
                {t('billing.bills.empty')}
              </TableCell>
            </TableRow>
          )}
          {bills.map((bill) => {
            const [year, month] = bill.month.split('-').map(Number) as [number, number];
            return (
              <TableRow key={bill.id} hover>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {months.format(new Date(Date.UTC(year, month - 1, 1)))}
                </TableCell>
                {showOrganisation && <TableCell>{bill.organisation_name}</TableCell>}
                <TableCell>{t(`billing.levels.${bill.level}`, bill.level)}</TableCell>
                <TableCell align="right">{bill.active_users}</TableCell>
                <TableCell align="right">{bill.survey_sites}</TableCell>
                <TableCell align="right" sx={{ fontWeight: 500 }}>
                  {formatAmount(bill.total_pence, i18n.language)}
                </TableCell>
                <TableCell>
                  <Stack direction="row" spacing={1}>
                    <Button
                      size="small"
                      onClick={() => save(bill, 'pdf')}
                      aria-label={t('billing.bills.pdfOf', {
                        month: bill.month,
                        name: bill.organisation_name,
                      })}
                    >
                      PDF
                    </Button>
                    <Button
                      size="small"
                      onClick={() => save(bill, 'csv')}
                      aria-label={t('billing.bills.csvOf', {
                        month: bill.month,
                        name: bill.organisation_name,
                      })}
                    >
                      CSV
                    </Button>
                  </Stack>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
