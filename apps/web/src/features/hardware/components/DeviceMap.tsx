import 'maplibre-gl/dist/maplibre-gl.css';
import { Box, Paper, Typography } from '@mui/material';
import type { FeatureCollection, LineString, Point } from 'geojson';
import * as maplibregl from 'maplibre-gl';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  Layer,
  Map,
  NavigationControl,
  Source,
  type MapLayerMouseEvent,
  type MapRef,
} from 'react-map-gl/maplibre';
import { useMapConfig } from '@/lib/map/mapConfig.ts';
import { baseStyle, reportMapError } from '@/ui/map/baseMap.ts';
import type { Device, RoadSection } from '../api/hardwareApi.ts';

interface Props {
  devices: Device[];
  /** Road sections drawn as lines, named where the pointer rests on one. */
  sections?: RoadSection[];
  /** The device whose dot is drawn larger (the one being edited or hovered). */
  highlightId?: string | null;
  onDeviceClick?: (deviceId: string) => void;
}

const DEVICES_LAYER = 'devices';
/** A wide, unseen line over each section, so that the pointer finds it easily. */
const SECTIONS_HIT_LAYER = 'road-sections-hit';
const SECTION_COLOUR = '#6a1b9a';
const NO_SECTIONS: RoadSection[] = [];

/** A section's name where the pointer is, in pixels from the map's corner. */
interface Label {
  name: string;
  x: number;
  y: number;
}

/**
 * Where the devices are, on the map the analysis screen uses (silent ones in red), with the
 * road sections as lines.
 */
export function DeviceMap({ devices, sections = NO_SECTIONS, highlightId, onDeviceClick }: Props) {
  const config = useMapConfig();
  const [label, setLabel] = useState<Label | null>(null);
  const lines = useMemo<FeatureCollection<LineString>>(
    () => ({
      type: 'FeatureCollection',
      features: sections.map((section) => ({
        type: 'Feature',
        geometry: { type: 'LineString', coordinates: section.coordinates },
        properties: { name: section.name },
      })),
    }),
    [sections],
  );
  const labelAt = (event: MapLayerMouseEvent) => {
    const section = event.features?.find((feature) => feature.layer.id === SECTIONS_HIT_LAYER);
    setLabel(
      section
        ? { name: String(section.properties.name), x: event.point.x, y: event.point.y }
        : null,
    );
  };
  const located = useMemo(
    () => devices.filter((device) => device.latitude !== null && device.longitude !== null),
    [devices],
  );
  const features = useMemo<FeatureCollection<Point>>(
    () => ({
      type: 'FeatureCollection',
      features: located.map((device) => ({
        type: 'Feature',
        geometry: { type: 'Point', coordinates: [device.longitude ?? 0, device.latitude ?? 0] },
        properties: {
          id: device.id,
          colour: device.silent ? '#c62828' : device.kind === 'gateway' ? '#1565c0' : '#2e7d32',
          highlighted: device.id === highlightId ? 1 : 0,
        },
      })),
    }),
    [located, highlightId],
  );
  // The map opens on Great Britain and, once, moves to what there is to show when it arrives.
  const mapRef = useRef<MapRef>(null);
  const fitted = useRef(false);
  const shownPoints = useMemo(
    () => [
      ...located.map((device): [number, number] => [device.longitude ?? 0, device.latitude ?? 0]),
      ...sections.flatMap((section) => section.coordinates),
    ],
    [located, sections],
  );
  const fitToData = useCallback(() => {
    const map = mapRef.current;
    if (fitted.current || !map || shownPoints.length === 0) return;
    const longitudes = shownPoints.map(([longitude]) => longitude);
    const latitudes = shownPoints.map(([, latitude]) => latitude);
    map.fitBounds(
      [
        [Math.min(...longitudes), Math.min(...latitudes)],
        [Math.max(...longitudes), Math.max(...latitudes)],
      ],
      { padding: 40, maxZoom: 15, duration: 0 },
    );
    fitted.current = true;
  }, [shownPoints]);
  useEffect(fitToData, [fitToData, config.data]);
  if (!config.data) return null;
  return (
    <Box
      sx={{
        position: 'relative',
        height: { xs: 260, md: 360 },
        borderRadius: 1,
        overflow: 'hidden',
      }}
      data-testid="device-map"
    >
      <Map
        ref={mapRef}
        mapLib={maplibregl}
        onError={reportMapError}
        onLoad={fitToData}
        initialViewState={{ longitude: -1.5, latitude: 52.5, zoom: 5 }}
        mapStyle={baseStyle(config.data, false)}
        interactiveLayerIds={[DEVICES_LAYER, SECTIONS_HIT_LAYER]}
        cursor={label ? 'pointer' : undefined}
        onMouseMove={labelAt}
        onMouseLeave={() => setLabel(null)}
        onClick={(event) => {
          // A tap names a section where no pointer can rest on it.
          labelAt(event);
          const device = event.features?.find((feature) => feature.layer.id === DEVICES_LAYER);
          const id = device?.properties.id as string | undefined;
          if (id) onDeviceClick?.(id);
        }}
        style={{ width: '100%', height: '100%' }}
      >
        <NavigationControl position="top-right" showCompass={false} />
        <Source id="road-sections" type="geojson" data={lines}>
          <Layer
            id="road-sections"
            type="line"
            layout={{ 'line-cap': 'round', 'line-join': 'round' }}
            paint={{ 'line-color': SECTION_COLOUR, 'line-width': 4 }}
          />
          <Layer
            id={SECTIONS_HIT_LAYER}
            type="line"
            paint={{ 'line-color': SECTION_COLOUR, 'line-width': 16, 'line-opacity': 0 }}
          />
        </Source>
        <Source id="devices" type="geojson" data={features}>
          <Layer
            id={DEVICES_LAYER}
            type="circle"
            paint={{
              'circle-color': ['get', 'colour'],
              'circle-radius': ['case', ['==', ['get', 'highlighted'], 1], 10, 6],
              'circle-stroke-color': '#ffffff',
              'circle-stroke-width': 2,
            }}
          />
        </Source>
      </Map>
      {label && (
        <Paper
          elevation={3}
          sx={{
            position: 'absolute',
            left: label.x + 12,
            top: label.y + 12,
            px: 1,
            py: 0.5,
            pointerEvents: 'none',
            maxWidth: 240,
          }}
        >
          <Typography variant="body2">{label.name}</Typography>
        </Paper>
      )}
    </Box>
  );
}
