import 'maplibre-gl/dist/maplibre-gl.css';
import { Box, Typography } from '@mui/material';
import * as maplibregl from 'maplibre-gl';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Map, Marker, NavigationControl, type MapRef } from 'react-map-gl/maplibre';
import { useMapConfig } from '@/lib/map/mapConfig.ts';
import { baseStyle, reportMapError } from '@/ui/map/baseMap.ts';
import { pickedCoordinates } from './locationPick.ts';

interface Props {
  point: { latitude: number; longitude: number } | null;
  onPick: (point: { latitude: number; longitude: number }) => void;
}

/** Close enough to a site to tell which side of a junction it is. */
const PICK_ZOOM = 15;

/** GPS assignment: a small map of the site where a click sets its latitude and longitude. */
export function LocationPicker({ point, onPick }: Props) {
  const { t } = useTranslation();
  const config = useMapConfig();
  const mapRef = useRef<MapRef>(null);
  // A typed point off the map's view brings the map to it; a clicked one is already in view.
  const latitude = point?.latitude;
  const longitude = point?.longitude;
  useEffect(() => {
    const map = mapRef.current;
    if (!map || latitude === undefined || longitude === undefined) return;
    if (!map.getBounds().contains([longitude, latitude]))
      map.jumpTo({ center: [longitude, latitude] });
  }, [latitude, longitude]);
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" id="location-picker-help">
        {t('siteEdit.location.help')}
      </Typography>
      <Box
        data-testid="location-picker"
        aria-describedby="location-picker-help"
        sx={{
          height: { xs: 200, sm: 240 },
          borderRadius: 1,
          overflow: 'hidden',
          border: 1,
          borderColor: 'divider',
          bgcolor: '#e9eef2',
        }}
      >
        {config.data && (
          <Map
            ref={mapRef}
            mapLib={maplibregl}
            onError={reportMapError}
            initialViewState={{
              longitude: point?.longitude ?? -1.5,
              latitude: point?.latitude ?? 52.5,
              zoom: point ? PICK_ZOOM : 5,
            }}
            mapStyle={baseStyle(config.data, false)}
            cursor="crosshair"
            onClick={(event) => onPick(pickedCoordinates(event.lngLat))}
            attributionControl={{ compact: true }}
            style={{ width: '100%', height: '100%' }}
          >
            <NavigationControl position="top-right" showCompass={false} />
            {point && (
              <Marker longitude={point.longitude} latitude={point.latitude} color="#005bbd" />
            )}
          </Map>
        )}
      </Box>
    </Box>
  );
}
