import {
  Alert,
  Box,
  FormControl,
  FormControlLabel,
  InputLabel,
  LinearProgress,
  MenuItem,
  Radio,
  RadioGroup,
  Select,
  Stack,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useProfile } from '@/lib/profile.ts';
import { useYearInReview } from '../api/reportsApi.ts';
import { ReportsTabs } from './ReportsTabs.tsx';
import { TopTable } from './TopTable.tsx';

const TOP_CHOICES = [5, 10, 20, 50];
const SPEED = {
  metric: { factor: 3.6, label: 'km/h' },
  imperial: { factor: 2.2369362920544, label: 'mph' },
};

/** SPEC section 2, Reporting: the year in review with its top-N tables. */
export function YearInReviewScreen() {
  const { t, i18n } = useTranslation();
  const thisYear = new Date().getFullYear();
  const [year, setYear] = useState(thisYear);
  const [top, setTop] = useState(10);
  const profile = useProfile();
  // The organisation's units until the user chooses.
  const [chosenUnits, setUnits] = useState<'metric' | 'imperial' | null>(null);
  const units = chosenUnits ?? profile.data?.organisation?.preferences.default_units ?? 'metric';
  const review = useYearInReview(year, top);
  const number = (value: number, digits = 0) =>
    new Intl.NumberFormat(i18n.language, { maximumFractionDigits: digits }).format(value);
  const tables = review.data?.tables;
  const speed = SPEED[units];
  const years = Array.from({ length: 6 }, (_, index) => thisYear - index);

  return (
    <Stack spacing={2}>
      <Typography variant="h1">{t('reports.year.title')}</Typography>
      <ReportsTabs />
      <Typography color="text.secondary">{t('reports.year.intro')}</Typography>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: { sm: 'center' } }}
      >
        <FormControl sx={{ minWidth: 140 }}>
          <InputLabel id="year-label">{t('reports.year.year')}</InputLabel>
          <Select
            labelId="year-label"
            label={t('reports.year.year')}
            value={year}
            onChange={(event) => setYear(Number(event.target.value))}
          >
            {years.map((choice) => (
              <MenuItem key={choice} value={choice}>
                {choice}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        <FormControl sx={{ minWidth: 140 }}>
          <InputLabel id="top-label">{t('reports.year.top')}</InputLabel>
          <Select
            labelId="top-label"
            label={t('reports.year.top')}
            value={top}
            onChange={(event) => setTop(Number(event.target.value))}
          >
            {TOP_CHOICES.map((choice) => (
              <MenuItem key={choice} value={choice}>
                {t('reports.year.topOption', { count: choice })}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        <RadioGroup
          row
          value={units}
          onChange={(event) => setUnits(event.target.value === 'imperial' ? 'imperial' : 'metric')}
          aria-label={t('reports.form.units')}
        >
          <FormControlLabel value="metric" control={<Radio />} label={t('reports.form.metric')} />
          <FormControlLabel
            value="imperial"
            control={<Radio />}
            label={t('reports.form.imperial')}
          />
        </RadioGroup>
      </Stack>
      {review.isFetching && <LinearProgress aria-label={t('reports.year.loading')} />}
      {review.isError && <Alert severity="error">{review.error.message}</Alert>}
      {review.data && (
        <Typography variant="body2" color="text.secondary">
          {t('reports.year.covered', { count: review.data.site_count, year: review.data.year })}
          {review.data.sites_left_out > 0 &&
            ` ${t('reports.year.leftOut', { count: review.data.sites_left_out })}`}
        </Typography>
      )}
      {tables && (
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            // Five tables and no empty cell (issue 37): two a row and the last across on medium
            // screens; three, then two wider, on large ones.
            gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)', lg: 'repeat(6, 1fr)' },
            '& > *': { gridColumn: { lg: 'span 2' } },
            '& > :nth-of-type(n + 4)': { gridColumn: { lg: 'span 3' } },
            '& > :last-of-type': { gridColumn: { md: 'span 2', lg: 'span 3' } },
          }}
        >
          <TopTable
            testId="top-busiest"
            title={t('reports.year.busiest')}
            caption={t('reports.year.busiestCaption')}
            valueLabel={t('reports.year.adt')}
            rows={tables.busiest}
            format={(row) => number(row.value)}
          />
          <TopTable
            testId="top-fastest"
            title={t('reports.year.fastest')}
            caption={t('reports.year.fastestCaption')}
            valueLabel={speed.label}
            rows={tables.fastest}
            format={(row) => number(row.value * speed.factor, 1)}
          />
          <TopTable
            testId="top-speeding"
            title={t('reports.year.speeding')}
            caption={t('reports.year.speedingCaption')}
            valueLabel="%"
            rows={tables.speeding}
            format={(row) => `${number(row.value, 1)} %`}
          />
          <TopTable
            testId="top-change"
            title={t('reports.year.change')}
            caption={t('reports.year.changeCaption', { previous: year - 1 })}
            valueLabel="%"
            rows={tables.adt_change}
            format={(row) =>
              `${row.value > 0 ? '+' : ''}${number(row.value, 1)} % (${number(row.previous ?? 0)} → ${number((row.previous ?? 0) * (1 + row.value / 100))})`
            }
          />
          <TopTable
            testId="top-availability"
            title={t('reports.year.availability')}
            caption={t('reports.year.availabilityCaption')}
            valueLabel={t('reports.year.days')}
            rows={tables.availability}
            format={(row) =>
              `${number(row.value)} / ${review.data?.days_in_year ?? 365} (${number((row.value / (review.data?.days_in_year ?? 365)) * 100)} %)`
            }
          />
        </Box>
      )}
    </Stack>
  );
}
