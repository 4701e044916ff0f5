import CloseIcon from '@mui/icons-material/Close';
import {
  Box,
  Button,
  IconButton,
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
import type { FeaturedSiteStat } from '@roadcount/domain';
import type { MapDates, MapSite } from '@/lib/map/mapSites.ts';
import { useSiteFreeFlow, useSiteVolumes } from '../api/mapApi.ts';
import { featuredFigures, type FeaturedFigure } from '../mapStart.ts';
import { speedIn, type Units } from '../mapLayers.ts';
import { VolumeBars } from './VolumeBars.tsx';

interface Props {
  sites: MapSite[];
  colours: Map<string, string>;
  dates: MapDates;
  units: Units;
  /** The organisation's featured site statistics, shown first (organisation settings). */
  featured: readonly FeaturedSiteStat[];
  onClose: () => void;
}

/** The map's other figures, after the featured ones; each names the statistic it repeats. */
const OTHER_FIGURES: { key: string; repeats?: FeaturedSiteStat }[] = [
  { key: 'adt', repeats: 'adt' },
  { key: 'averageSpeed', repeats: 'averageSpeed' },
  { key: 'speed85', repeats: 'speed85' },
  { key: 'heavy', repeats: 'percentCommercial' },
  { key: 'aboveLimit' },
];

/** Columns of the comparison table: the first featured figures, as many as fit a phone. */
const COMPARISON_COLUMNS = 3;

function useFormat(units: Units) {
  const { t, i18n } = useTranslation();
  const number = (value: number | null, digits = 0) =>
    value === null
      ? t('map.summary.none')
      : value.toLocaleString(i18n.language, { maximumFractionDigits: digits });
  const speed = (value: number | null) =>
    value === null
      ? t('map.summary.none')
      : `${number(speedIn(units, value), 1)} ${t(units === 'metric' ? 'map.units.kmh' : 'map.units.mph')}`;
  const percent = (value: number | null) =>
    value === null ? t('map.summary.none') : `${number(value, 1)} %`;
  const figure = ({ kind, value }: Pick<FeaturedFigure, 'kind' | 'value'>) =>
    kind === 'speed' ? speed(value) : kind === 'percent' ? percent(value) : number(value);
  return { number, speed, percent, figure };
}

/** A realtime site's live state: today's vehicles so far and when the latest passed. */
function RealtimeState({ site }: { site: MapSite }) {
  const { t, i18n } = useTranslation();
  const last = site.last_vehicle_at
    ? new Date(site.last_vehicle_at).toLocaleString(i18n.language)
    : t('realtime.map.noVehicleYet');
  return (
    <Table size="small" aria-label={t('realtime.map.live')} sx={{ mt: 1 }}>
      <TableBody>
        <TableRow>
          <TableCell component="th" scope="row" sx={{ pl: 0 }}>
            {t('realtime.map.today')}
          </TableCell>
          <TableCell align="right" sx={{ pr: 0 }} data-figure="todayVehicles">
            {(site.today_vehicles ?? 0).toLocaleString(i18n.language)}
          </TableCell>
        </TableRow>
        <TableRow>
          <TableCell component="th" scope="row" sx={{ pl: 0 }}>
            {t('realtime.map.lastVehicle')}
          </TableCell>
          <TableCell align="right" sx={{ pr: 0 }} data-figure="lastVehicle">
            {last}
          </TableCell>
        </TableRow>
      </TableBody>
    </Table>
  );
}

/** One site's summary, or the selected sites side by side (multi-site comparison). */
export function SiteSummaryPanel({ sites, colours, dates, units, featured, onClose }: Props) {
  const { t } = useTranslation();
  const format = useFormat(units);
  const single = sites.length === 1 ? sites[0] : undefined;
  const volumes = useSiteVolumes(single?.id, dates);
  const freeFlow = useSiteFreeFlow(single?.id, dates);
  // Each row: what it is (data-figure, for tests), its label and its value.
  const others = (site: MapSite): [string, string, string][] =>
    OTHER_FIGURES.filter((other) => !other.repeats || !featured.includes(other.repeats)).map(
      ({ key }) => [
        key,
        t(`map.summary.${key}`),
        key === 'adt'
          ? format.number(site.adt ?? null)
          : key === 'averageSpeed'
            ? format.speed(site.average_speed_mps ?? null)
            : key === 'speed85'
              ? format.speed(site.speed85_mps ?? null)
              : key === 'heavy'
                ? format.percent(site.heavy_percent ?? null)
                : format.percent(site.above_limit_percent ?? null),
      ],
    );
  const rows = (site: MapSite): [string, string, string][] => [
    ...featuredFigures(site, featured).map((entry): [string, string, string] => [
      entry.stat,
      t(`organisationSettingsMore.stats.${entry.stat}`),
      format.figure(entry),
    ]),
    ...others(site),
    ...(freeFlow.data
      ? [
          [
            'freeFlow85',
            t('organisationSettingsMore.freeFlow85', {
              seconds: freeFlow.data.headway_threshold_s,
            }),
            format.speed(freeFlow.data.speed85_mps ?? null),
          ] as [string, string, string],
        ]
      : []),
  ];
  const columns = featured
    .filter((stat) => sites[0] && featuredFigures(sites[0], [stat]).length > 0)
    .slice(0, COMPARISON_COLUMNS);
  return (
    <Box sx={{ p: 2 }} role="region" aria-label={t('map.summary.title')}>
      <Stack direction="row" sx={{ alignItems: 'flex-start', justifyContent: 'space-between' }}>
        <Typography variant="h6" component="h2" sx={{ wordBreak: 'break-word' }}>
          {single ? single.name : t('map.summary.comparison', { count: sites.length })}
        </Typography>
        <IconButton aria-label={t('map.summary.close')} onClick={onClose} edge="end">
          <CloseIcon />
        </IconButton>
      </Stack>
      {single ? (
        <>
          <Typography variant="body2" color="text.secondary" gutterBottom>
            {t(`map.siteTypes.${single.site_type}`, { defaultValue: single.site_type })}
            {' · '}
            {t('map.summary.lastSurveyed', {
              date: single.last_surveyed ?? t('map.summary.never'),
            })}
          </Typography>
          <Table size="small" aria-label={t('map.summary.figures')}>
            <TableBody>
              {rows(single).map(([key, label, value]) => (
                <TableRow key={key}>
                  <TableCell component="th" scope="row" sx={{ pl: 0 }}>
                    {label}
                  </TableCell>
                  <TableCell align="right" sx={{ pr: 0, whiteSpace: 'nowrap' }} data-figure={key}>
                    {value}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          {single.realtime ? <RealtimeState site={single} /> : null}
          <Typography variant="subtitle2" sx={{ mt: 2 }}>
            {t('map.summary.dailyVolume')}
          </Typography>
          <VolumeBars volumes={volumes.data ?? []} />
          <Button
            component={RouterLink}
            to={`/ui/analysis/site-detail/${single.id}`}
            variant="contained"
            fullWidth
            sx={{ mt: 2 }}
          >
            {t('map.summary.openSite')}
          </Button>
        </>
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          {/* Names and figures stay on one line each; the table scrolls sideways instead. */}
          <Table
            size="small"
            aria-label={t('map.summary.figures')}
            sx={{ '& th, & td': { whiteSpace: 'nowrap' } }}
          >
            <TableHead>
              <TableRow>
                <TableCell>{t('map.summary.site')}</TableCell>
                {columns.map((stat) => (
                  <TableCell key={stat} align="right">
                    {t(`organisationSettingsMore.stats.${stat}`)}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {sites.map((site) => (
                <TableRow key={site.id}>
                  <TableCell>
                    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                      <Box
                        sx={{
                          width: 10,
                          height: 10,
                          borderRadius: '50%',
                          bgcolor: colours.get(site.id),
                          flexShrink: 0,
                        }}
                      />
                      <RouterLink to={`/ui/analysis/site-detail/${site.id}`}>
                        {site.name}
                      </RouterLink>
                    </Stack>
                  </TableCell>
                  {featuredFigures(site, columns).map((entry) => (
                    <TableCell key={entry.stat} align="right">
                      {format.figure(entry)}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
    </Box>
  );
}
