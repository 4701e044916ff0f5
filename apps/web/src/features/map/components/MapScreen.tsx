import { Alert, Box, Drawer, Paper, Typography, useMediaQuery, useTheme } from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import {
  DEFAULT_ORGANISATION_SETTINGS,
  DESIGN_LAYERS,
  INITIAL_MAP_NOTE_STATE,
  mapNoteReducer,
  REPORT_SITES_MAX,
  type MapProfile,
} from '@roadcount/domain';
import { useMemo, useReducer, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useProfile } from '@/lib/profile.ts';
import { useMapConfig } from '@/lib/map/mapConfig.ts';
import { useMapSites, type MapDates } from '@/lib/map/mapSites.ts';
import { useMapDesignFigures } from '../api/mapApi.ts';
import { useMapNoteChanges, useMapNotes } from '../api/mapNotesApi.ts';
import {
  colourFor,
  layerScale,
  nextSelection,
  selectionColours,
  summaryCsv,
  type Units,
} from '../mapLayers.ts';
import {
  DEFAULT_SITE_FILTERS,
  defaultDateRange,
  visibleSites,
  type SiteFilters,
} from '../siteFilters.ts';
import { MapControls, type MapSettings } from './MapControls.tsx';
import { MapPeriodControls } from './MapPeriodControls.tsx';
import { MapLegend } from './MapLegend.tsx';
import { MapNoteDialog } from './MapNoteDialog.tsx';
import { MapNotesPanel } from './MapNotesPanel.tsx';
import { MapProfiles, savedMapProfiles } from './MapProfiles.tsx';
import { QuickFilters } from './QuickFilters.tsx';
import { MapToolbar } from './MapToolbar.tsx';
import { SiteList } from './SiteList.tsx';
import { mapStart, type MapStart } from '../mapStart.ts';
import { insidePolygon } from '@/lib/geometry.ts';
import { SiteMap, type SiteDot } from './SiteMap.tsx';
import { SiteSummaryPanel } from './SiteSummaryPanel.tsx';

const PANEL_WIDTH = 320;

function download(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  URL.revokeObjectURL(url);
}

/** /ui/analysis/map: the organisation's sites on a map, coloured by a layer, with a summary. */
export function MapScreen() {
  const { t } = useTranslation();
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'));
  const profile = useProfile();
  const units: Units = profile.data?.organisation?.preferences.default_units ?? 'metric';
  const [settings, setSettings] = useState<MapSettings>(() => {
    const { start, end } = defaultDateRange();
    return {
      layer: 'speed',
      satellite: false,
      dotSize: 7,
      dayRange: 'wholeWeek',
      startDate: start,
      endDate: end,
      mode: 'single',
      showNotes: true,
    };
  });
  const [filters, setFilters] = useState<SiteFilters>(DEFAULT_SITE_FILTERS);
  const [selected, setSelected] = useState<string[]>([]);
  const [polygon, setPolygon] = useState<[number, number][] | null>(null);
  const [controlsOpen, setControlsOpen] = useState(false);
  const datesValid = settings.startDate <= settings.endDate;
  const [dates, setDates] = useState<MapDates>({
    start_date: settings.startDate,
    end_date: settings.endDate,
    day_range: settings.dayRange,
  });
  const changeSettings = (change: Partial<MapSettings>) => {
    const next = { ...settings, ...change };
    setSettings(next);
    if (next.startDate <= next.endDate)
      setDates({ start_date: next.startDate, end_date: next.endDate, day_range: next.dayRange });
  };
  const applyProfile = (saved: MapProfile) =>
    changeSettings({
      layer: saved.layer,
      dotSize: saved.dotSize,
      dayRange: saved.dayRange,
      satellite: saved.satellite,
      showNotes: saved.showNotes,
    });
  // SPEC sections 3 and 9: the organisation's map defaults, then the active profile (the
  // user's, 0 unless they chose another; else the organisation's first) apply on arrival.
  const [start, setStart] = useState<MapStart>();
  if (!start && profile.data) {
    // Once, when the profile first arrives (adjusting state while rendering, not in an effect).
    const opening = mapStart(
      profile.data.organisation?.preferences,
      savedMapProfiles(profile.data.profile.preferences),
    );
    setStart(opening);
    changeSettings({ layer: opening.layer, dayRange: opening.dayRange });
    if (opening.profile) applyProfile(opening.profile);
  }
  const config = useMapConfig();
  const sites = useMapSites(dates);
  const notes = useMapNotes(profile.data !== undefined);
  const noteChanges = useMapNoteChanges();
  const [noteState, dispatchNote] = useReducer(mapNoteReducer, INITIAL_MAP_NOTE_STATE);
  const [addingNote, setAddingNote] = useState(false);
  const canAddNotes = notes.data?.can_edit === true && !notes.data.hidden;
  const designLayer = DESIGN_LAYERS.includes(settings.layer);
  const design = useMapDesignFigures(designLayer);
  const all = useMemo(
    () =>
      designLayer && design.data
        ? (sites.data ?? []).map((site) => ({ ...site, design: design.data.get(site.id) }))
        : (sites.data ?? []),
    [sites.data, design.data, designLayer],
  );
  const shown = useMemo(() => visibleSites(all, filters, selected), [all, filters, selected]);
  const scale = useMemo(() => layerScale(settings.layer, units), [settings.layer, units]);
  const colours = useMemo(
    () => selectionColours(selected, settings.mode),
    [selected, settings.mode],
  );
  const dots = useMemo<SiteDot[]>(
    () =>
      shown.map((site) => {
        const selection = colours.get(site.id);
        const comparison = settings.layer === 'comparison';
        return {
          site,
          colour: comparison ? (selection ?? '#bdbdbd') : colourFor(scale, scale.value(site)),
          ...(selection ? { selection } : {}),
        };
      }),
    [shown, colours, scale, settings.layer],
  );
  const years = [...new Set(all.flatMap((site) => site.survey_years))].sort((a, b) => b - a);
  const organisations =
    profile.data?.role === 'admin'
      ? [...new Map(all.map((site) => [site.owner_organisation_id, site.organisation_name]))].map(
          ([id, name]) => ({ id, name }),
        )
      : null;
  const selectedSites = selected
    .map((id) => all.find((site) => site.id === id))
    .filter((site) => site !== undefined);

  const select = (siteId: string) =>
    setSelected((current) => nextSelection(current, siteId, settings.mode));
  const finishPolygon = () => {
    if (polygon && polygon.length >= 3) {
      const inside = shown
        .filter(
          (site) =>
            site.latitude !== null &&
            site.longitude !== null &&
            insidePolygon([site.longitude, site.latitude], polygon),
        )
        .map((site) => site.id);
      setSelected(inside);
      if (inside.length > 1) setSettings((current) => ({ ...current, mode: 'multi' }));
    }
    setPolygon(null);
  };
  const csvHeaders = [
    'name',
    'latitude',
    'longitude',
    'lastSurveyed',
    'days',
    'adt',
    'averageSpeed',
    'speed85',
    'speedLimit',
    'aboveLimit',
    'heavy',
  ].map((key) =>
    t(`map.csv.${key}`, { unit: t(units === 'metric' ? 'map.units.kmh' : 'map.units.mph') }),
  );

  const controls = (
    <>
      <MapPeriodControls
        settings={settings}
        onSettings={changeSettings}
        filters={filters}
        onFilters={(change) => setFilters((current) => ({ ...current, ...change }))}
        years={years}
      />
      <SiteList
        sites={shown}
        selected={selected}
        colours={colours}
        search={filters.search}
        onSearch={(search) => setFilters((current) => ({ ...current, search }))}
        onSelect={select}
        loading={sites.isPending}
      />
      <MapProfiles
        current={{
          layer: settings.layer,
          dotSize: settings.dotSize,
          dayRange: settings.dayRange,
          satellite: settings.satellite,
          showNotes: settings.showNotes,
        }}
        onApply={applyProfile}
      />
      <QuickFilters
        current={{
          layer: settings.layer,
          dayRange: settings.dayRange,
          contexts: filters.contexts as ('VEH' | 'BIKE' | 'PED')[],
          timeSpans: filters.timeSpans as ('TS_T' | 'TS_P')[],
          year: filters.year,
        }}
        onApply={(quick) => {
          changeSettings({ layer: quick.layer, dayRange: quick.dayRange });
          setFilters((current) => ({
            ...current,
            contexts: quick.contexts,
            timeSpans: quick.timeSpans,
            year: quick.year,
          }));
        }}
      />
      <MapControls
        settings={settings}
        onSettings={changeSettings}
        filters={filters}
        onFilters={(change) => setFilters((current) => ({ ...current, ...change }))}
        organisations={organisations}
      />
      <MapNotesPanel
        notes={notes.data}
        show={settings.showNotes}
        onShow={(showNotes) => changeSettings({ showNotes })}
        onOpen={(note) => {
          setControlsOpen(false);
          dispatchNote({ type: 'view', note });
        }}
        changes={noteChanges}
      />
    </>
  );
  const summary = selectedSites.length > 0 && (
    <SiteSummaryPanel
      sites={selectedSites}
      featured={
        profile.data?.organisation?.preferences.featured_site_stats ??
        DEFAULT_ORGANISATION_SETTINGS.featured_site_stats
      }
      colours={colours}
      dates={dates}
      units={units}
      onClose={() => setSelected([])}
    />
  );

  return (
    <Box
      sx={{
        m: { xs: -2, md: -3 },
        height: { xs: 'calc(100dvh - 56px)', sm: 'calc(100dvh - 64px)' },
        display: 'flex',
        position: 'relative',
      }}
    >
      <Typography component="h1" sx={visuallyHidden}>
        {t('nav.analysis')}
      </Typography>
      {wide ? (
        <Paper
          square
          elevation={0}
          sx={{
            width: PANEL_WIDTH,
            flexShrink: 0,
            overflowY: 'auto',
            borderRight: 1,
            borderColor: 'divider',
          }}
        >
          {controls}
        </Paper>
      ) : (
        <Drawer
          open={controlsOpen}
          onClose={() => setControlsOpen(false)}
          slotProps={{ paper: { sx: { width: 'min(90vw, 340px)' } } }}
        >
          {controls}
        </Drawer>
      )}
      <Box sx={{ flexGrow: 1, position: 'relative', minWidth: 0 }}>
        {config.data && start && (
          <SiteMap
            config={config.data}
            start={start}
            satellite={settings.satellite}
            dots={dots}
            dotSize={settings.dotSize}
            polygon={polygon}
            onSiteClick={select}
            onMapClick={(point) => polygon && setPolygon([...polygon, point])}
            notes={notes.data?.notes ?? []}
            showNotes={settings.showNotes}
            addingNote={addingNote}
            onNoteClick={(noteId) => {
              const note = notes.data?.notes.find((candidate) => candidate.id === noteId);
              if (note) dispatchNote({ type: 'view', note });
            }}
            onAddNoteAt={({ lng, lat, siteId }) => {
              setAddingNote(false);
              dispatchNote({ type: 'new', lng, lat, siteId });
            }}
          />
        )}
        <MapToolbar
          wide={wide}
          onOpenControls={() => setControlsOpen(true)}
          polygon={polygon}
          onPolygon={setPolygon}
          onFinishPolygon={finishPolygon}
          canAddNotes={canAddNotes}
          addingNote={addingNote}
          onAddingNote={(adding) => {
            setAddingNote(adding);
            if (adding) changeSettings({ showNotes: true });
          }}
          reportOfSelection={selectedSites.length > 0}
          reportHref={insightsHref(
            selectedSites.length > 0
              ? selectedSites.map((site) => site.id)
              : shown.map((site) => site.id),
          )}
          csvDisabled={shown.length === 0}
          onCsv={() =>
            download(
              `sites-${dates.start_date}-${dates.end_date}.csv`,
              summaryCsv(shown, units, csvHeaders),
            )
          }
        />
        <MapNoteDialog
          state={noteState}
          dispatch={dispatchNote}
          note={notes.data?.notes.find((note) => note.id === noteState.noteId)}
          groups={notes.data?.groups ?? []}
          canEdit={canAddNotes}
          changes={noteChanges}
        />
        {(sites.isError || config.isError || !datesValid) && (
          <Alert
            severity={datesValid ? 'error' : 'warning'}
            sx={{
              position: 'absolute',
              bottom: 12,
              left: 12,
              right: 12,
              maxWidth: 480,
              mx: 'auto',
            }}
          >
            {datesValid
              ? (sites.error?.message ?? t('map.loadFailed'))
              : t('map.controls.datesBackwards')}
          </Alert>
        )}
        <Box
          sx={{
            position: 'absolute',
            bottom: 36,
            left: 12,
            // Clear of the scale bar at the bottom right.
            maxWidth: 'calc(100% - 150px)',
            display: { xs: selectedSites.length > 0 ? 'none' : 'block', md: 'block' },
          }}
        >
          <MapLegend layer={settings.layer} scale={scale} />
        </Box>
      </Box>
      {summary &&
        (wide ? (
          <Paper
            square
            elevation={0}
            sx={{
              width: 360,
              flexShrink: 0,
              overflowY: 'auto',
              borderLeft: 1,
              borderColor: 'divider',
            }}
          >
            {summary}
          </Paper>
        ) : (
          <Paper
            elevation={8}
            sx={{
              position: 'absolute',
              left: 0,
              right: 0,
              bottom: 0,
              maxHeight: '60%',
              // Above the map's own controls (scale, attribution).
              zIndex: 3,
              overflowY: 'auto',
              borderTopLeftRadius: 12,
              borderTopRightRadius: 12,
            }}
          >
            {summary}
          </Paper>
        ))}
    </Box>
  );
}

/** Insights with these sites chosen (a report covers REPORT_SITES_MAX at most), or null for none. */
export function insightsHref(siteIds: readonly string[]): string | null {
  if (siteIds.length === 0) return null;
  return `/ui/insights?sites=${siteIds.slice(0, REPORT_SITES_MAX).join(',')}`;
}
