import 'maplibre-gl/dist/maplibre-gl.css';
import { Alert, Box, Button, Stack, TextField, Typography } from '@mui/material';
import type { FeatureCollection } from 'geojson';
import * as maplibregl from 'maplibre-gl';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Layer,
  Map as MapView,
  Marker,
  NavigationControl,
  Source,
  type MapLayerMouseEvent,
} from 'react-map-gl/maplibre';
import { useMapConfig } from '@/lib/map/mapConfig.ts';
import { useMapSites } from '@/lib/map/mapSites.ts';
import { baseStyle, reportMapError } from '@/ui/map/baseMap.ts';
import { insidePolygon } from '@/lib/geometry.ts';
import { problemsOf, useCreatePlannedSite } from '../api/surveysApi.ts';
import type { ChosenSite } from './chosenSite.ts';
import { problemText } from './surveyProblems.ts';

interface Props {
  chosen: Map<string, ChosenSite>;
  onChange: (next: Map<string, ChosenSite>) => void;
}

const SITES_LAYER = 'survey-sites';
type Mode = 'pick' | 'polygon' | 'place';

const today = new Date().toISOString().slice(0, 10);

/**
 * Wizard step 1 on the map: a click on a site chooses or drops it; a polygon drawn point by
 * point chooses every site inside; a new planned site is placed with a click and named.
 */
export function SurveySitesMap({ chosen, onChange }: Props) {
  const { t } = useTranslation();
  const config = useMapConfig();
  // Only positions are read: any day will do.
  const sites = useMapSites({ start_date: today, end_date: today, day_range: 'wholeWeek' });
  const plant = useCreatePlannedSite();
  const [mode, setMode] = useState<Mode>('pick');
  const [polygon, setPolygon] = useState<[number, number][]>([]);
  const [placed, setPlaced] = useState<{ latitude: number; longitude: number } | null>(null);
  const [plannedName, setPlannedName] = useState('');
  const located = useMemo(
    () =>
      (sites.data ?? []).flatMap((site) =>
        site.latitude !== null &&
        site.latitude !== undefined &&
        site.longitude !== null &&
        site.longitude !== undefined
          ? [{ id: site.id, name: site.name, latitude: site.latitude, longitude: site.longitude }]
          : [],
      ),
    [sites.data],
  );
  const features = useMemo<FeatureCollection>(
    () => ({
      type: 'FeatureCollection',
      features: located.map((site) => ({
        type: 'Feature',
        properties: { id: site.id, chosen: chosen.has(site.id) ? 1 : 0 },
        geometry: { type: 'Point', coordinates: [site.longitude, site.latitude] },
      })),
    }),
    [located, chosen],
  );
  const outline = useMemo<FeatureCollection>(
    () => ({
      type: 'FeatureCollection',
      features:
        polygon.length > 0
          ? [
              {
                type: 'Feature',
                properties: {},
                geometry: { type: 'LineString', coordinates: [...polygon, polygon[0] ?? []] },
              },
            ]
          : [],
    }),
    [polygon],
  );
  const first = located[0];
  // The view opens on every site: their bounding box, or around the only one.
  const bounds: [number, number, number, number] | undefined =
    located.length > 1
      ? [
          Math.min(...located.map((site) => site.longitude)),
          Math.min(...located.map((site) => site.latitude)),
          Math.max(...located.map((site) => site.longitude)),
          Math.max(...located.map((site) => site.latitude)),
        ]
      : undefined;

  const toChosen = (site: (typeof located)[number]): ChosenSite => ({
    id: site.id,
    name: site.name,
    alternativeName: null,
    assetManagementId: null,
  });

  const click = (event: MapLayerMouseEvent) => {
    const point: [number, number] = [event.lngLat.lng, event.lngLat.lat];
    if (mode === 'polygon') {
      setPolygon((current) => [...current, point]);
      return;
    }
    if (mode === 'place') {
      setPlaced({ latitude: point[1], longitude: point[0] });
      return;
    }
    const id = event.features?.find((feature) => feature.layer.id === SITES_LAYER)?.properties
      .id as string | undefined;
    const site = located.find((candidate) => candidate.id === id);
    if (!site) return;
    const next = new Map(chosen);
    if (next.has(site.id)) next.delete(site.id);
    else next.set(site.id, toChosen(site));
    onChange(next);
  };

  const choosePolygon = () => {
    const next = new Map(chosen);
    for (const site of located)
      if (insidePolygon([site.longitude, site.latitude], polygon))
        next.set(site.id, toChosen(site));
    onChange(next);
    setPolygon([]);
    setMode('pick');
  };

  const createPlanned = () => {
    if (!placed) return;
    plant.mutate(
      { name: plannedName, latitude: placed.latitude, longitude: placed.longitude },
      {
        onSuccess: (site) => {
          const next = new Map(chosen);
          next.set(site.id, {
            id: site.id,
            name: site.name,
            alternativeName: null,
            assetManagementId: null,
          });
          onChange(next);
          setPlaced(null);
          setPlannedName('');
          setMode('pick');
        },
      },
    );
  };

  const help =
    mode === 'polygon'
      ? t('surveys.wizard.map.polygonHelp', { n: polygon.length })
      : mode === 'place'
        ? t('surveys.wizard.map.placeHelp')
        : t('surveys.wizard.map.pickHelp');

  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button
          size="small"
          variant={mode === 'polygon' ? 'contained' : 'outlined'}
          onClick={() => {
            setPolygon([]);
            setMode(mode === 'polygon' ? 'pick' : 'polygon');
          }}
        >
          {t('surveys.wizard.map.polygon')}
        </Button>
        {mode === 'polygon' && (
          <Button size="small" onClick={choosePolygon} disabled={polygon.length < 3}>
            {t('surveys.wizard.map.choosePolygon')}
          </Button>
        )}
        <Button
          size="small"
          variant={mode === 'place' ? 'contained' : 'outlined'}
          onClick={() => {
            setPlaced(null);
            setMode(mode === 'place' ? 'pick' : 'place');
          }}
        >
          {t('surveys.wizard.map.place')}
        </Button>
      </Stack>
      <Typography variant="caption" color="text.secondary" aria-live="polite">
        {help}
      </Typography>
      <Box
        data-testid="survey-sites-map"
        sx={{
          height: { xs: 260, sm: 340 },
          borderRadius: 1,
          overflow: 'hidden',
          border: 1,
          borderColor: 'divider',
          bgcolor: '#e9eef2',
        }}
      >
        {config.data && sites.data && (
          <MapView
            mapLib={maplibregl}
            onError={reportMapError}
            initialViewState={
              bounds
                ? { bounds, fitBoundsOptions: { padding: 40, maxZoom: 15 } }
                : {
                    longitude: first?.longitude ?? -1.5,
                    latitude: first?.latitude ?? 52.5,
                    zoom: first ? 13 : 5,
                  }
            }
            mapStyle={baseStyle(config.data, false)}
            interactiveLayerIds={[SITES_LAYER]}
            onClick={click}
            cursor={mode === 'pick' ? 'pointer' : 'crosshair'}
            attributionControl={{ compact: true }}
            style={{ width: '100%', height: '100%' }}
          >
            <NavigationControl position="top-right" showCompass={false} />
            <Source id="survey-sites" type="geojson" data={features}>
              <Layer
                id={SITES_LAYER}
                type="circle"
                paint={{
                  'circle-color': ['case', ['==', ['get', 'chosen'], 1], '#005bbd', '#9e9e9e'],
                  'circle-radius': ['case', ['==', ['get', 'chosen'], 1], 9, 7],
                  'circle-stroke-color': '#ffffff',
                  'circle-stroke-width': 2,
                }}
              />
            </Source>
            <Source id="survey-polygon" type="geojson" data={outline}>
              <Layer
                id="survey-polygon-line"
                type="line"
                paint={{ 'line-color': '#005bbd', 'line-width': 2, 'line-dasharray': [2, 1] }}
              />
            </Source>
            {placed && (
              <Marker longitude={placed.longitude} latitude={placed.latitude} color="#e65100" />
            )}
          </MapView>
        )}
      </Box>
      {mode === 'place' && placed && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          <TextField
            size="small"
            label={t('surveys.wizard.map.plannedName')}
            value={plannedName}
            onChange={(event) => setPlannedName(event.target.value)}
            sx={{ flexGrow: 1 }}
          />
          <Button
            variant="contained"
            onClick={createPlanned}
            disabled={!plannedName.trim() || plant.isPending}
          >
            {t('surveys.wizard.map.createPlanned')}
          </Button>
        </Stack>
      )}
      {plant.isError && (
        <Alert severity="error">
          {problemsOf(plant.error)
            .map((problem) => problemText(t, problem))
            .join(' ') || plant.error.message}
        </Alert>
      )}
    </Stack>
  );
}
