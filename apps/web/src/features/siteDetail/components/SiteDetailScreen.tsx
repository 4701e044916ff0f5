import BuildIcon from '@mui/icons-material/Build';
import DownloadIcon from '@mui/icons-material/Download';
import TableViewIcon from '@mui/icons-material/TableView';
import SpeedIcon from '@mui/icons-material/Speed';
import StreetviewIcon from '@mui/icons-material/Streetview';
import {
  Alert,
  Box,
  Button,
  Chip,
  GlobalStyles,
  Grid,
  LinearProgress,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import { findClassScheme, selectableClasses } from '@roadcount/domain';
import { useCallback, useMemo, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router-dom';
import { useProfile } from '@/lib/profile.ts';
import { useSiteDetail } from '../api/siteDetailApi.ts';
import {
  headwayGapOption,
  matrixOption,
  speedByClassOption,
  speedingOption,
  speedOption,
  virtualDayOption,
  virtualWeekOption,
  volumeOption,
} from '../chartOptions.ts';
import {
  filterProblems,
  filtersFromSearch,
  localDay,
  rangeAnchorMs,
  searchFromFilters,
  speedIn,
  toPayload,
  type SiteDetailFilters,
  type Units,
} from '../siteDetailFilters.ts';
import { reportError } from '@/lib/reportError.ts';
import { downloadSummary, downloadVehicles } from '../api/downloadVehicles.ts';
import { useSiteTimeRange } from '../api/siteToolsApi.ts';
import { useProfileFilterset } from '../hooks/useProfileFilterset.ts';
import { SiteToolsPanel } from './SiteToolsPanel.tsx';
import { PRINT_STYLES } from './printStyles.ts';
import { RequestError } from '@/lib/http.ts';
import { Chart } from './Chart.tsx';
import { CountVolumesChart } from './CountVolumesChart.tsx';
import { CountSiteDetail } from './CountSiteDetail.tsx';
import { AvailabilityCalendar } from './AvailabilityCalendar.tsx';
import { BadDataPeriodsPanel } from './BadDataPeriodsPanel.tsx';
import { useCountSummary } from '../api/countSummaryApi.ts';
import { SpeedLimitsDialog } from './SpeedLimitsDialog.tsx';
import { useSpeedLimits } from '../api/speedLimitsApi.ts';
import { useSession } from '@/lib/session/useSession.ts';
import { FilterBar } from './FilterBar.tsx';
import { useVehicleExclusionFilters } from '../api/exclusionsApi.ts';
import { withKnownExclusions } from '../siteDetailExclusions.ts';
import { SiteDetailSection } from './SiteDetailSection.tsx';
import { StatCards } from './StatCards.tsx';
import { DesignFigureCards } from './DesignFigureCards.tsx';
import { SiteAadtPanel } from './SiteAadtPanel.tsx';
import { LeftOutNotice } from './LeftOutNotice.tsx';
import { FigureExplanationButton } from './FigureExplanationButton.tsx';
import { isExplainedFigure } from '@roadcount/domain';

interface Props {
  /** The road sections the site lies on, which the hardware feature keeps (SiteDetailPage). */
  RoadSections: ComponentType<{ siteId: string; units: Units }>;
}

/** /ui/analysis/site-detail/{siteId}: every chart and figure of one site, filtered from the URL. */
export function SiteDetailScreen({ RoadSections }: Props) {
  const { t, i18n } = useTranslation();
  const { siteId = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const profile = useProfile();
  const { claims } = useSession();
  const canEdit = claims?.group === 'org_admin' || claims?.group === 'admin';
  const limits = useSpeedLimits(siteId);
  const [editingLimits, setEditingLimits] = useState(false);
  const [toolsOpen, setToolsOpen] = useState(false);
  const units: Units = profile.data?.organisation?.preferences.default_units ?? 'metric';
  const filters = filtersFromSearch(search, units);

  // Invalid filters keep the last valid ones applied until they are mended.
  const [applied, setApplied] = useState(() =>
    filterProblems(filters).length === 0 ? search.toString() : '',
  );
  const applySearch = useCallback(
    (nextSearch: URLSearchParams) => {
      setSearch(nextSearch, { replace: true });
      if (filterProblems(filtersFromSearch(nextSearch, units)).length === 0)
        setApplied(nextSearch.toString());
    },
    [setSearch, units],
  );
  const stored = useProfileFilterset({
    search,
    units,
    enabled: profile.data !== undefined || profile.isError,
    applySearch,
  });
  // Relative ranges count back from the data's end, or from the moment one was chosen.
  const [nowMs, setNowMs] = useState(() => Date.now());
  const changeFilters = (change: Partial<SiteDetailFilters>) => {
    const next = { ...filters, ...change };
    if (change.range) setNowMs(Date.now());
    applySearch(searchFromFilters(next, units));
    stored.save(filters, next);
  };
  const appliedFilters = filtersFromSearch(new URLSearchParams(applied), units);
  // Dates are the site's local days, and relative ranges end where its data ends.
  const timeRange = useSiteTimeRange(siteId);
  const timeZone = timeRange.data?.time_zone ?? 'UTC';
  const anchorMs = rangeAnchorMs(timeRange.data?.available_end, nowMs);
  const exclusionFilters = useVehicleExclusionFilters(siteId);
  const payload = useMemo(
    () =>
      withKnownExclusions(
        toPayload(
          filtersFromSearch(new URLSearchParams(applied), units),
          units,
          timeZone,
          anchorMs,
        ),
        exclusionFilters.data,
      ),
    [applied, units, timeZone, anchorMs, exclusionFilters.data],
  );
  // A link's saved exclusions wait for the list, so that one deleted since is left out.
  const exclusionsReady = !payload.vehicle_exclusions || !exclusionFilters.isPending;
  const detail = useSiteDetail(
    siteId,
    payload,
    appliedFilters.aggregation,
    timeRange.data !== undefined && stored.ready && exclusionsReady,
  );
  const data = detail.data;
  // A count site (bike or pedestrian counters only) shows what counts per interval have.
  const dataKinds = timeRange.data?.data_kinds ?? [];
  const countSite = dataKinds.length === 1 && dataKinds[0] === 'intervals';
  // The direction choices come from every direction; without a direction filter this is the
  // very query the count page makes, so react-query asks the server once.
  const allCountDirections = useCountSummary(
    siteId,
    payload.active_directions ? { ...payload, active_directions: null } : payload,
    appliedFilters.aggregation,
    countSite,
  );

  const scheme = findClassScheme(data?.class_scheme);
  const classes = selectableClasses(scheme);
  const className = (index: number) =>
    scheme.classes.find((vehicleClass) => vehicleClass.class_index === index)?.name ??
    String(index);
  const directions = countSite
    ? [
        ...new Set(
          Object.values(allCountDirections.data?.figures ?? {}).flatMap(
            (figures) => figures?.directions.map((entry) => entry.direction) ?? [],
          ),
        ),
      ].sort((a, b) => a - b)
    : data
      ? [...new Set(data.availability.map((entry) => entry.direction))].sort((a, b) => a - b)
      : [];
  const pickDays = (from: string, to: string) => changeFilters({ range: undefined, from, to });

  const failure = timeRange.error ?? (data ? null : detail.error);
  if (failure) {
    const missing = failure instanceof RequestError && failure.status === 404;
    return (
      <Alert severity={missing ? 'warning' : 'error'}>
        {missing ? t('siteDetailTools.notFound') : failure.message}
      </Alert>
    );
  }
  if (!data) return <LinearProgress aria-label={t('siteDetail.loading')} />;

  // Each card and chart opens how it was made under the page's filter (issue 36).
  const explain = (figure: string, label: string) =>
    isExplainedFigure(figure) ? (
      <FigureExplanationButton
        siteId={siteId}
        figure={figure}
        label={label}
        filter={payload}
        units={units}
        className={className}
      />
    ) : null;

  // Where a chart is empty for a known reason, it says so instead of 'No data available'.
  const emptyReason = (key: string) =>
    // Issue 37: without a whole day the profiles average the partial days, and say so.
    (key === 'virtualDay' || key === 'virtualWeek') &&
    data.summary.wholeDays === 0 &&
    data.summary.vehicles > 0
      ? { caption: t('siteDetail.partialDaysProfile') }
      : key === 'speeding' && limits.data?.length === 0
        ? { emptyText: t('siteDetail.header.noSpeedLimit') }
        : (key === 'headwayGap' || key === 'matrix') &&
            data.summary.vehicles > 0 &&
            data.headwayPercentiles === null
          ? { emptyText: t('siteDetail.noHeadways') }
          : {};
  const hasCoordinates = data.latitude !== null && data.longitude !== null;
  const streetView = hasCoordinates
    ? `https://www.google.com/maps/@?api=1&map_action=pano&viewpoint=${data.latitude},${data.longitude}`
    : undefined;
  return (
    <Stack spacing={2}>
      <GlobalStyles styles={PRINT_STYLES} />
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-start' } }}
      >
        <div>
          <Typography variant="h4" component="h1">
            {data.site_name}
          </Typography>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mt: 1 }}>
            <Chip
              size="small"
              label={t(`map.siteTypes.${data.site_type}`, { defaultValue: data.site_type })}
            />
            <Chip size="small" label={t('siteDetail.header.timeZone', { zone: data.time_zone })} />
            {!countSite && (
              <Chip size="small" label={t('siteDetail.header.scheme', { scheme: scheme.name })} />
            )}
          </Stack>
          {!countSite && limits.data && limits.data.length === 0 && (
            <Alert severity="warning" sx={{ mt: 1 }}>
              {t('siteDetail.header.noSpeedLimit')}
            </Alert>
          )}
          <RoadSections siteId={siteId} units={units} />
        </div>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }} data-print-hide>
          {!countSite && (
            <>
              <Button
                variant="outlined"
                startIcon={<DownloadIcon />}
                disabled={data.summary.vehicles === 0}
                onClick={() =>
                  void downloadVehicles(siteId, data.site_name, payload).catch(reportError)
                }
              >
                {t('siteDetail.header.downloadVehicles')}
              </Button>
              <Button
                variant="outlined"
                startIcon={<TableViewIcon />}
                disabled={data.summary.vehicles === 0}
                onClick={() =>
                  void downloadSummary(
                    siteId,
                    data.site_name,
                    payload,
                    appliedFilters.aggregation,
                    units,
                  ).catch(reportError)
                }
              >
                {t('siteDetailTools.downloadSummary')}
              </Button>
              <Button
                variant="outlined"
                startIcon={<SpeedIcon />}
                onClick={() => setEditingLimits(true)}
                disabled={!limits.data}
              >
                {limits.data && limits.data.length > 0
                  ? t('siteDetail.limits.current', {
                      limit: Math.round(
                        speedIn(units, limits.data[limits.data.length - 1]?.limit_mps ?? 0),
                      ),
                      unit: t(units === 'metric' ? 'siteDetail.units.kmh' : 'siteDetail.units.mph'),
                    })
                  : t('siteDetail.limits.title')}
              </Button>
            </>
          )}
          {streetView ? (
            <Button
              variant="outlined"
              startIcon={<StreetviewIcon />}
              href={streetView}
              target="_blank"
              rel="noopener noreferrer"
            >
              {t('siteDetail.header.streetView')}
            </Button>
          ) : (
            <Tooltip title={t('siteDetail.header.streetViewUnavailable')}>
              <span>
                <Button variant="outlined" startIcon={<StreetviewIcon />} disabled>
                  {t('siteDetail.header.streetViewUnavailable')}
                </Button>
              </span>
            </Tooltip>
          )}
          <Button
            variant={toolsOpen ? 'contained' : 'outlined'}
            startIcon={<BuildIcon />}
            aria-expanded={toolsOpen}
            onClick={() => setToolsOpen((open) => !open)}
          >
            {t('siteDetailTools.open')}
          </Button>
        </Stack>
      </Stack>
      {toolsOpen && (
        <SiteToolsPanel
          siteId={siteId}
          siteName={data.site_name}
          canEdit={canEdit}
          realtime={data.site_type === 'realtime'}
        />
      )}
      {editingLimits && limits.data && (
        <SpeedLimitsDialog
          siteId={siteId}
          limits={limits.data}
          units={units}
          canEdit={canEdit}
          onClose={() => setEditingLimits(false)}
        />
      )}
      <FilterBar
        filters={filters}
        onChange={changeFilters}
        units={units}
        classes={classes}
        directions={directions}
        anchorDay={localDay(anchorMs, timeZone)}
        today={localDay(nowMs, timeZone)}
        savingState={stored.savingState}
        siteId={siteId}
        timeZone={timeZone}
        countSite={countSite}
      />
      <Box sx={{ minHeight: 4 }}>
        {detail.isFetching && <LinearProgress aria-label={t('siteDetail.loading')} />}
      </Box>
      {detail.isError && <Alert severity="error">{detail.error.message}</Alert>}
      {countSite ? (
        <>
          <CountSiteDetail siteId={siteId} filter={payload} minutes={appliedFilters.aggregation} />
          <AvailabilityCalendar siteId={siteId} timeZone={timeZone} onPickDays={pickDays} />
          <BadDataPeriodsPanel siteId={siteId} timeZone={timeZone} />
        </>
      ) : (
        <>
          <Typography variant="body2" color="text.secondary" data-testid="vehicle-count">
            {t('siteDetail.vehicles', {
              vehicles: data.summary.vehicles.toLocaleString(i18n.language),
            })}
          </Typography>
          <LeftOutNotice siteId={siteId} filter={payload} />
          <StatCards siteId={siteId} summary={data.summary} units={units} explain={explain} />
          {/* Issue 37: groups a user may close, so that the charts come up on the first screen. */}
          <SiteDetailSection
            id="designFigures"
            title={t('siteDetail.sections.designFigures')}
            summary={t('siteDetail.sections.designFiguresSummary')}
          >
            <Stack spacing={2}>
              <SiteAadtPanel
                siteId={siteId}
                monthsMissingWeekdays={data.summary.aadtMonthsMissingWeekdays ?? []}
                aashtoAadt={data.summary.aadt}
              />
              <DesignFigureCards
                figures={data.summary}
                units={units}
                binMinutes={appliedFilters.aggregation}
              />
            </Stack>
          </SiteDetailSection>
          <SiteDetailSection
            id="availability"
            title={t('siteDetail.sections.availability')}
            summary={t('siteDetail.sections.availabilitySummary')}
          >
            <AvailabilityCalendar siteId={siteId} timeZone={timeZone} onPickDays={pickDays} />
          </SiteDetailSection>
          <BadDataPeriodsPanel siteId={siteId} timeZone={timeZone} />
          <CountVolumesChart
            siteId={siteId}
            filter={payload}
            minutes={appliedFilters.aggregation}
          />
          <Grid container spacing={2}>
            {[
              ['volume', volumeOption(data, t)],
              ['speed85', speedOption(data, t, units, 'speed85thMps')],
              ['averageSpeed', speedOption(data, t, units, 'averageSpeedMps')],
              ['speeding', speedingOption(data, t)],
              ['speedByClass', speedByClassOption(data, t, units, className)],
              ['headwayGap', headwayGapOption(data, t)],
              ['matrix', matrixOption(data, t)],
              ['virtualDay', virtualDayOption(data, t)],
              ['virtualWeek', virtualWeekOption(data, t)],
            ].map(([key, option]) => (
              <Grid key={key as string} size={{ xs: 12, lg: 6 }} data-print-chart>
                <Chart
                  title={t(`siteDetail.charts.${key as string}`)}
                  definition={key as string}
                  explain={explain(key as string, t(`siteDetail.charts.${key as string}`))}
                  option={option as ReturnType<typeof volumeOption>}
                  {...emptyReason(key as string)}
                />
              </Grid>
            ))}
          </Grid>
        </>
      )}
    </Stack>
  );
}
