import {
  Alert,
  Box,
  MenuItem,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useContinuousPatterns } from '../api/engineeringApi.ts';
import { monthName } from '@/lib/monthNames.ts';

/** The continuous sites grouped by the shape of their monthly factors (k-means). */
export function PatternClusters() {
  const { t, i18n } = useTranslation();
  const [clusters, setClusters] = useState(2);
  const patterns = useContinuousPatterns(clusters);
  const factor = (value: number | null | undefined) =>
    value === null || value === undefined
      ? '–'
      : value.toLocaleString(i18n.language, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const rows = [...(patterns.data ?? [])].sort(
    (a, b) => (a.cluster ?? 99) - (b.cluster ?? 99) || a.name.localeCompare(b.name),
  );
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, md: 2 } }} data-testid="pattern-clusters">
      <Stack spacing={1.5}>
        <Typography variant="h3" component="h2" sx={{ fontSize: '1.05rem', fontWeight: 600 }}>
          {t('engineering.patterns.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('engineering.patterns.help')}
        </Typography>
        <TextField
          select
          size="small"
          label={t('engineering.patterns.clusters')}
          value={clusters}
          onChange={(event) => setClusters(Number(event.target.value))}
          sx={{ maxWidth: 200 }}
        >
          {[1, 2, 3, 4].map((count) => (
            <MenuItem key={count} value={count}>
              {count}
            </MenuItem>
          ))}
        </TextField>
        {patterns.isError && <Alert severity="error">{patterns.error.message}</Alert>}
        {patterns.isSuccess && rows.length === 0 && (
          <Typography color="text.secondary">{t('engineering.patterns.none')}</Typography>
        )}
        {rows.length > 0 && (
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>{t('engineering.patterns.cluster')}</TableCell>
                  <TableCell>{t('engineering.patterns.site')}</TableCell>
                  {Array.from({ length: 12 }, (_unused, month) => (
                    <TableCell key={month} align="right">
                      {monthName(month, i18n.language, 'short')}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((row) => (
                  <TableRow key={row.site_id}>
                    <TableCell>
                      {row.cluster === null || row.cluster === undefined
                        ? t('engineering.patterns.notQualifying', {
                            months: row.qualifying_months.length,
                          })
                        : String(row.cluster + 1)}
                    </TableCell>
                    <TableCell>{row.name}</TableCell>
                    {Array.from({ length: 12 }, (_unused, month) => (
                      <TableCell key={month} align="right">
                        {factor(row.monthly_factors[month])}
                      </TableCell>
                    ))}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        )}
      </Stack>
    </Paper>
  );
}
