import { Grid, Paper, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { DefinitionLink } from '@/ui/DefinitionLink.tsx';
import type { SiteSummary } from '../api/siteDetailApi.ts';

type Units = 'metric' | 'imperial';
const KMH = 3.6;
const MPH = 1 / 0.44704;

/** The summary's traffic-engineering figures (issue 25), as the site-detail answer gives them. */
export type DesignFigures = Pick<
  SiteSummary,
  'speed95thMps' | 'pace' | 'designHour' | 'peakHourFactor'
>;

interface Props {
  figures: DesignFigures;
  units: Units;
  /** The time bins in minutes: the peak hour factor needs 15 or finer. */
  binMinutes: number;
}

/** 95th percentile speed, pace, K and D factors and peak hour factor, as cards. */
export function DesignFigureCards({ figures, units, binMinutes }: Props) {
  const { t, i18n } = useTranslation();
  const none = t('siteDetail.none');
  const unit = t(units === 'metric' ? 'siteDetail.units.kmh' : 'siteDetail.units.mph');
  const inUnits = (mps: number) => mps * (units === 'metric' ? KMH : MPH);
  const number = (value: number, digits = 0) =>
    value.toLocaleString(i18n.language, {
      maximumFractionDigits: digits,
      minimumFractionDigits: digits,
    });
  const pace = figures.pace?.[units];
  const design = figures.designHour;
  const phf = figures.peakHourFactor;
  const cards: { key: string; value: string; note: string }[] = [
    {
      key: 'speed95',
      value:
        figures.speed95thMps === null || figures.speed95thMps === undefined
          ? none
          : `${number(inUnits(figures.speed95thMps), 1)} ${unit}`,
      note: '',
    },
    {
      key: 'pace',
      value: pace
        ? `${number(Math.round(inUnits(pace.fromMps)))}–${number(Math.round(inUnits(pace.toMps)))} ${unit}`
        : none,
      note: pace ? t('engineering.cards.paceShare', { share: number(pace.sharePercent, 1) }) : '',
    },
    {
      key: 'kFactor',
      value: design ? `${number(design.kFactor * 100, 1)} %` : none,
      note: design
        ? t('engineering.cards.designHour', { vehicles: number(design.volume) })
        : t('engineering.cards.needsYear'),
    },
    {
      key: 'dFactor',
      value: design?.dFactor ? `${number(design.dFactor * 100, 1)} %` : none,
      note: design ? t('engineering.cards.dNote') : t('engineering.cards.needsYear'),
    },
    {
      key: 'peakHourFactor',
      value: phf ? number(phf.factor, 2) : none,
      note: phf
        ? t('engineering.cards.phfNote', {
            start: phf.start.replace('T', ' ').slice(0, 16),
            hour: number(phf.peakHourVolume),
            quarter: number(phf.peakQuarterVolume),
          })
        : binMinutes > 15
          ? t('engineering.cards.phfNeedsQuarters')
          : '',
    },
  ];
  return (
    <Grid container spacing={1.5} data-testid="design-figures">
      {cards.map((card) => (
        <Grid key={card.key} size={{ xs: 6, sm: 4, md: 2.4 }}>
          <Paper variant="outlined" sx={{ p: 1.5, height: '100%' }} data-card={card.key}>
            <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
              <Typography variant="caption" color="text.secondary" component="p">
                {t(`engineering.cards.${card.key}`)}
              </Typography>
              <DefinitionLink figure={card.key} label={t(`engineering.cards.${card.key}`)} />
            </Stack>
            <Typography variant="h6" component="p" data-value>
              {card.value}
            </Typography>
            {card.note && (
              <Typography variant="caption" color="text.secondary">
                {card.note}
              </Typography>
            )}
          </Paper>
        </Grid>
      ))}
    </Grid>
  );
}
