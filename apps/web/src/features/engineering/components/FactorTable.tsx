import { Box, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { monthName, weekdayName } from '@/lib/monthNames.ts';

interface Props {
  monthly: (number | null)[];
  dayOfWeek: (number | null)[];
}

/** A group's 12 monthly and 7 day-of-week factors, as two rows of a table that scrolls sideways. */
export function FactorTable({ monthly, dayOfWeek }: Props) {
  const { t, i18n } = useTranslation();
  const factor = (value: number | null | undefined) =>
    value === null || value === undefined
      ? '–'
      : value.toLocaleString(i18n.language, { minimumFractionDigits: 3, maximumFractionDigits: 3 });
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={t('engineering.groups.monthlyFactors')}>
        <TableHead>
          <TableRow>
            <TableCell component="th">{t('engineering.groups.monthlyFactors')}</TableCell>
            {monthly.map((_value, month) => (
              <TableCell key={month} align="right">
                {monthName(month, i18n.language, 'short')}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          <TableRow data-testid="monthly-factors">
            <TableCell />
            {monthly.map((value, month) => (
              <TableCell key={month} align="right">
                {factor(value)}
              </TableCell>
            ))}
          </TableRow>
        </TableBody>
      </Table>
      <Table size="small" aria-label={t('engineering.groups.dayOfWeekFactors')}>
        <TableHead>
          <TableRow>
            <TableCell component="th">{t('engineering.groups.dayOfWeekFactors')}</TableCell>
            {dayOfWeek.map((_value, weekday) => (
              <TableCell key={weekday} align="right">
                {weekdayName(weekday, i18n.language)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          <TableRow data-testid="day-of-week-factors">
            <TableCell />
            {dayOfWeek.map((value, weekday) => (
              <TableCell key={weekday} align="right">
                {factor(value)}
              </TableCell>
            ))}
          </TableRow>
        </TableBody>
      </Table>
    </Box>
  );
}
