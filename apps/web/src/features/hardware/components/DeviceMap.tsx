import 'maplibre-gl/dist/maplibre-gl.css';
import { Box } from '@mui/material';
import type { FeatureCollection, Point } from 'geojson';
import * as maplibregl from 'maplibre-gl';
import { useMemo } from 'react';
import { Layer, Map, NavigationControl, Source } from 'react-map-gl/maplibre';
import { useMapConfig } from '../../map/api/mapApi.ts';
import { baseStyle, reportMapError } from '../../map/components/SiteMap.tsx';
import type { Device } from '../api/hardwareApi.ts';

interface Props {
  devices: Device[];
  /** The device whose dot is drawn larger (the one being edited or hovered). */
  highlightId?: string | null;
  onDeviceClick?: (deviceId: string) => void;
}

const DEVICES_LAYER = 'devices';

/** Where the devices are, on the map the analysis screen uses; silent ones in red. */
export function DeviceMap({ devices, highlightId, onDeviceClick }: Props) {
  const config = useMapConfig();
  const located = devices.filter((device) => device.latitude !== null && device.longitude !== null);
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
  const first = located[0];
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
        mapLib={maplibregl}
        onError={reportMapError}
        initialViewState={{
          longitude: first?.longitude ?? -1.5,
          latitude: first?.latitude ?? 52.5,
          zoom: first ? 14 : 5,
        }}
        mapStyle={baseStyle(config.data, false)}
        interactiveLayerIds={[DEVICES_LAYER]}
        onClick={(event) => {
          const id = event.features?.[0]?.properties.id as string | undefined;
          if (id) onDeviceClick?.(id);
        }}
        style={{ width: '100%', height: '100%' }}
      >
        <NavigationControl position="top-right" showCompass={false} />
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
    </Box>
  );
}
