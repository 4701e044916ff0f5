import {
  Link,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import type { YearInReview } from '../api/reportsApi.ts';

type Row = YearInReview['tables']['busiest'][number];

interface Props {
  title: string;
  caption: string;
  valueLabel: string;
  rows: readonly Row[];
  format: (row: Row) => string;
  testId: string;
}

/** One top-N table of the year in review, each site linking to its detail page. */
export function TopTable({ title, caption, valueLabel, rows, format, testId }: Props) {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ p: 2, height: '100%' }} data-testid={testId}>
      <Stack spacing={1}>
        <Typography variant="h3" component="h2" sx={{ fontSize: '1.05rem', fontWeight: 600 }}>
          {title}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {caption}
        </Typography>
        {rows.length === 0 ? (
          <Typography color="text.secondary" sx={{ py: 2 }}>
            {t('reports.year.noData')}
          </Typography>
        ) : (
          <Table size="small" aria-label={title}>
            <TableHead>
              <TableRow>
                <TableCell sx={{ width: 40 }}>#</TableCell>
                <TableCell>{t('reports.year.site')}</TableCell>
                <TableCell align="right">{valueLabel}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row, index) => (
                <TableRow key={row.site_id}>
                  <TableCell>{index + 1}</TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>
                    <Link component={RouterLink} to={`/ui/analysis/site-detail/${row.site_id}`}>
                      {row.site_name}
                    </Link>
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {format(row)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </Stack>
    </Paper>
  );
}
