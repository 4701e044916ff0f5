import 'maplibre-gl/dist/maplibre-gl.css';
import { Box } from '@mui/material';
import type { FeatureCollection, LineString, Point } from 'geojson';
import * as maplibregl from 'maplibre-gl';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Layer,
  Map,
  NavigationControl,
  Source,
  type MapLayerMouseEvent,
  type MapLayerTouchEvent,
  type MapRef,
} from 'react-map-gl/maplibre';
import { useMapConfig } from '@/lib/map/mapConfig.ts';
import { baseStyle, reportMapError } from '@/ui/map/baseMap.ts';
import { mapPoint, type LonLat } from './roadSectionPoints.ts';

interface Props {
  points: LonLat[];
  onChange: (points: LonLat[]) => void;
  /** The typed points have a bad line: the map shows those before it and takes no change. */
  locked: boolean;
  /** Where to look when there is no point yet: the linked site. */
  centre: { longitude: number; latitude: number } | null;
}

const VERTICES_LAYER = 'section-vertices';
const SECTION_COLOUR = '#6a1b9a';

type PointerEvent = MapLayerMouseEvent | MapLayerTouchEvent;

const vertexAt = (event: PointerEvent) => {
  const index = event.features?.find((feature) => feature.layer.id === VERTICES_LAYER)?.properties
    .index as number | undefined;
  return index ?? null;
};

/** Where the map first looks: the whole line, else its point or the site, else Great Britain. */
function initialView(points: LonLat[], centre: Props['centre']) {
  if (points.length >= 2) {
    const longitudes = points.map(([longitude]) => longitude);
    const latitudes = points.map(([, latitude]) => latitude);
    return {
      bounds: [
        [Math.min(...longitudes), Math.min(...latitudes)],
        [Math.max(...longitudes), Math.max(...latitudes)],
      ] as [LonLat, LonLat],
      fitBoundsOptions: { padding: 40, maxZoom: 17 },
    };
  }
  const [first] = points;
  if (first) return { longitude: first[0], latitude: first[1], zoom: 15 };
  if (centre) return { ...centre, zoom: 15 };
  return { longitude: -1.5, latitude: 52.5, zoom: 5 };
}

/**
 * The section's line drawn on the base map: a click adds a point at the end, a point dragged
 * moves, a point clicked goes.
 */
export function RoadSectionDrawMap({ points, onChange, locked, centre }: Props) {
  const { t } = useTranslation();
  const config = useMapConfig();
  const mapRef = useRef<MapRef>(null);
  const [dragging, setDragging] = useState<number | null>(null);
  const [overVertex, setOverVertex] = useState(false);
  const empty = points.length === 0;

  // A site picked before any point is drawn: the map goes to it (only when the site changes).
  const centreKey = centre ? `${centre.longitude},${centre.latitude}` : '';
  const shownCentre = useRef(centreKey);
  useEffect(() => {
    if (centreKey === shownCentre.current) return;
    shownCentre.current = centreKey;
    if (centre && empty)
      mapRef.current?.flyTo({ center: [centre.longitude, centre.latitude], zoom: 15 });
  }, [centreKey, centre, empty]);

  const line = useMemo<FeatureCollection<LineString>>(
    () => ({
      type: 'FeatureCollection',
      features:
        points.length >= 2
          ? [
              {
                type: 'Feature',
                geometry: { type: 'LineString', coordinates: points },
                properties: {},
              },
            ]
          : [],
    }),
    [points],
  );
  const vertices = useMemo<FeatureCollection<Point>>(
    () => ({
      type: 'FeatureCollection',
      features: points.map((point, index) => ({
        type: 'Feature',
        geometry: { type: 'Point', coordinates: point },
        properties: { index, end: index === 0 || index === points.length - 1 ? 1 : 0 },
      })),
    }),
    [points],
  );

  const startDrag = (event: PointerEvent) => {
    const index = vertexAt(event);
    if (locked || index === null) return;
    // Keeps the map from panning while the point moves.
    event.preventDefault();
    setDragging(index);
  };
  const drag = (event: PointerEvent) => {
    setOverVertex(vertexAt(event) !== null);
    if (dragging === null) return;
    const { lng, lat } = event.lngLat.wrap();
    onChange(points.map((point, index) => (index === dragging ? mapPoint(lng, lat) : point)));
  };
  const endDrag = () => setDragging(null);

  if (!config.data) return null;
  return (
    <Box
      sx={{
        position: 'relative',
        height: { xs: 240, md: 320 },
        borderRadius: 1,
        overflow: 'hidden',
        opacity: locked ? 0.6 : 1,
      }}
      role="application"
      aria-label={t('hardware.sections.mapLabel')}
      data-testid="road-section-map"
    >
      <Map
        ref={mapRef}
        mapLib={maplibregl}
        onError={reportMapError}
        initialViewState={initialView(points, centre)}
        mapStyle={baseStyle(config.data, false)}
        interactiveLayerIds={[VERTICES_LAYER]}
        cursor={
          locked
            ? 'not-allowed'
            : dragging !== null
              ? 'grabbing'
              : overVertex
                ? 'pointer'
                : 'crosshair'
        }
        onMouseDown={startDrag}
        onTouchStart={startDrag}
        onMouseMove={drag}
        onTouchMove={drag}
        onMouseUp={endDrag}
        onTouchEnd={endDrag}
        onClick={(event) => {
          if (locked) return;
          const index = vertexAt(event);
          if (index !== null) {
            onChange(points.filter((_point, other) => other !== index));
            return;
          }
          const { lng, lat } = event.lngLat.wrap();
          onChange([...points, mapPoint(lng, lat)]);
        }}
        style={{ width: '100%', height: '100%' }}
      >
        <NavigationControl position="top-right" showCompass={false} />
        <Source id="section-line" type="geojson" data={line}>
          <Layer
            id="section-line"
            type="line"
            layout={{ 'line-cap': 'round', 'line-join': 'round' }}
            paint={{ 'line-color': SECTION_COLOUR, 'line-width': 4 }}
          />
        </Source>
        <Source id="section-vertices" type="geojson" data={vertices}>
          <Layer
            id={VERTICES_LAYER}
            type="circle"
            paint={{
              'circle-color': ['case', ['==', ['get', 'end'], 1], SECTION_COLOUR, '#ffffff'],
              'circle-radius': 7,
              'circle-stroke-color': SECTION_COLOUR,
              'circle-stroke-width': 2,
            }}
          />
        </Source>
      </Map>
    </Box>
  );
}
