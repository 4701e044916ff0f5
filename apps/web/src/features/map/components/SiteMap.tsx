import { Box } from '@mui/material';
import type { FeatureCollection, Point } from 'geojson';
import * as maplibregl from 'maplibre-gl';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  Layer,
  Map,
  NavigationControl,
  ScaleControl,
  Source,
  type MapLayerMouseEvent,
  type MapRef,
} from 'react-map-gl/maplibre';
import type { MapConfig } from '@/lib/map/mapConfig.ts';
import { baseStyle, reportMapError } from '@/ui/map/baseMap.ts';
import type { MapSite } from '@/lib/map/mapSites.ts';
import type { MapNote } from '../api/mapNotesApi.ts';
import type { MapStart } from '../mapStart.ts';

export interface SiteDot {
  site: MapSite;
  colour: string;
  /** The site's selection colour, when selected. */
  selection?: string;
}

interface Props {
  config: MapConfig;
  /** The organisation's opening centre and zoom; without a centre, the map fits the sites. */
  start: Pick<MapStart, 'zoom' | 'centre'>;
  satellite: boolean;
  dots: SiteDot[];
  dotSize: number;
  /** Vertices of the polygon being drawn, [longitude, latitude]. */
  polygon: [number, number][] | null;
  onSiteClick: (siteId: string) => void;
  onMapClick: (point: [number, number]) => void;
  notes: MapNote[];
  showNotes: boolean;
  /** The next click places a new note (on a site, the note is the site's). */
  addingNote: boolean;
  onNoteClick: (noteId: string) => void;
  onAddNoteAt: (point: { lng: number; lat: number; siteId: string | null }) => void;
}

const SITES_LAYER = 'sites';
const NOTES_LAYER = 'map-notes';
/** A performance mark at the first frame that shows sites, for the map benchmark. */
export const SITES_DRAWN_MARK = 'roadcount:sites-drawn';

/** The sites as a WebGL circle layer, so thousands stay smooth; fits to them when they change. */
export function SiteMap({
  config,
  start,
  satellite,
  dots,
  dotSize,
  polygon,
  onSiteClick,
  onMapClick,
  notes,
  showNotes,
  addingNote,
  onNoteClick,
  onAddNoteAt,
}: Props) {
  const mapRef = useRef<MapRef>(null);
  // Memoised so that a render for something else (a dialog, typing) does not resend every site.
  const located = useMemo(
    () => dots.filter(({ site }) => site.latitude !== null && site.longitude !== null),
    [dots],
  );
  const features = useMemo<FeatureCollection<Point>>(
    () => ({
      type: 'FeatureCollection',
      features: located.map(({ site, colour, selection }) => ({
        type: 'Feature',
        id: site.id,
        geometry: { type: 'Point', coordinates: [site.longitude ?? 0, site.latitude ?? 0] },
        properties: {
          id: site.id,
          colour,
          selection: selection ?? '',
          selected: selection ? 1 : 0,
        },
      })),
    }),
    [located],
  );
  const boundsKey = located.map(({ site }) => site.id).join(',');
  // The map is created after the first render: fit once it has loaded, and when the sites change.
  const [loaded, setLoaded] = useState(false);
  const hasSites = useRef(false);
  // After the source (a child, so its effects run first) has been given the sites.
  useEffect(() => {
    hasSites.current = located.length > 0;
  }, [located]);
  const onLoad = useCallback((event: { target: maplibregl.Map }) => {
    setLoaded(true);
    const map = event.target;
    // The first frame drawn once the sites' source holds them and has loaded them. (Asking for
    // the rendered features instead costs a search through thousands of them on every frame.)
    const markFirstDraw = () => {
      if (!hasSites.current || !map.getLayer(SITES_LAYER) || !map.isSourceLoaded('sites')) return;
      performance.mark(SITES_DRAWN_MARK);
      map.off('render', markFirstDraw);
    };
    map.on('render', markFirstDraw);
  }, []);
  useEffect(() => {
    const map = mapRef.current;
    // An organisation's chosen centre stands: the sites are not fitted over it.
    if (!loaded || !map || located.length === 0 || start.centre) return;
    const longitudes = located.map(({ site }) => site.longitude ?? 0);
    const latitudes = located.map(({ site }) => site.latitude ?? 0);
    map.fitBounds(
      [
        [Math.min(...longitudes), Math.min(...latitudes)],
        [Math.max(...longitudes), Math.max(...latitudes)],
      ],
      { padding: 60, maxZoom: start.zoom, duration: 0 },
    );
    // Only when the set of sites changes, not on every recolouring.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [boundsKey, loaded]);

  const first = located[0]?.site;
  const polygonFeature = useMemo<FeatureCollection>(
    () => ({
      type: 'FeatureCollection',
      features: polygon
        ? [
            {
              type: 'Feature',
              properties: {},
              geometry: { type: 'LineString', coordinates: polygon },
            },
          ]
        : [],
    }),
    [polygon],
  );

  const noteFeatures = useMemo<FeatureCollection<Point>>(
    () => ({
      type: 'FeatureCollection',
      features: notes.map((note) => ({
        type: 'Feature',
        id: note.id,
        geometry: { type: 'Point', coordinates: [note.longitude, note.latitude] },
        properties: { id: note.id },
      })),
    }),
    [notes],
  );

  const click = (event: MapLayerMouseEvent) => {
    const featureOf = (layer: string) =>
      event.features?.find((candidate) => candidate.layer.id === layer);
    const siteId = featureOf(SITES_LAYER)?.properties.id as string | undefined;
    const noteId = featureOf(NOTES_LAYER)?.properties.id as string | undefined;
    if (polygon) onMapClick([event.lngLat.lng, event.lngLat.lat]);
    else if (addingNote) {
      const site = siteId ? located.find((dot) => dot.site.id === siteId)?.site : undefined;
      onAddNoteAt({
        lng: site?.longitude ?? event.lngLat.lng,
        lat: site?.latitude ?? event.lngLat.lat,
        siteId: site?.id ?? null,
      });
    } else if (noteId && showNotes) onNoteClick(noteId);
    else if (siteId) onSiteClick(siteId);
  };

  return (
    <Box sx={{ position: 'absolute', inset: 0 }} data-testid="site-map">
      <Map
        ref={mapRef}
        mapLib={maplibregl}
        onLoad={onLoad}
        onError={reportMapError}
        initialViewState={
          start.centre
            ? { ...start.centre, zoom: start.zoom }
            : {
                longitude: first?.longitude ?? -1.5,
                latitude: first?.latitude ?? 52.5,
                zoom: first ? start.zoom : 5,
              }
        }
        mapStyle={baseStyle(config, satellite)}
        interactiveLayerIds={[SITES_LAYER, NOTES_LAYER]}
        onClick={click}
        cursor={polygon || addingNote ? 'crosshair' : undefined}
        style={{ width: '100%', height: '100%' }}
      >
        <NavigationControl position="top-right" showCompass={false} />
        <ScaleControl position="bottom-right" />
        <Source id="sites" type="geojson" data={features}>
          <Layer
            id={SITES_LAYER}
            type="circle"
            paint={{
              'circle-color': ['get', 'colour'],
              'circle-radius': ['+', dotSize, ['*', ['get', 'selected'], 2]],
              'circle-stroke-color': [
                'case',
                ['==', ['get', 'selected'], 1],
                ['get', 'selection'],
                '#ffffff',
              ],
              'circle-stroke-width': ['case', ['==', ['get', 'selected'], 1], 3, 1.5],
            }}
          />
        </Source>
        <Source id="map-notes" type="geojson" data={noteFeatures}>
          <Layer
            id={NOTES_LAYER}
            type="circle"
            layout={{ visibility: showNotes ? 'visible' : 'none' }}
            paint={{
              'circle-color': '#ffca28',
              'circle-radius': Math.max(8, dotSize + 2),
              'circle-stroke-color': '#4e342e',
              'circle-stroke-width': 2,
            }}
          />
          <Layer
            id="map-notes-centre"
            type="circle"
            layout={{ visibility: showNotes ? 'visible' : 'none' }}
            paint={{ 'circle-color': '#4e342e', 'circle-radius': 2.5 }}
          />
        </Source>
        <Source id="polygon" type="geojson" data={polygonFeature}>
          <Layer
            id="polygon-line"
            type="line"
            paint={{ 'line-color': '#005bbd', 'line-width': 2, 'line-dasharray': [2, 1] }}
          />
        </Source>
      </Map>
    </Box>
  );
}
