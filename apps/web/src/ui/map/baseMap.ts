import 'maplibre-gl/dist/maplibre-gl.css';
import * as maplibregl from 'maplibre-gl';
import maplibreWorkerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import type { MapConfig } from '@/lib/map/mapConfig.ts';
import { reportError } from '@/lib/reportError.ts';

// Every map of the app draws on this base, so importing it sets MapLibre up once: its styles,
// and its worker file, which the bundle moves: tell MapLibre where the build put it.
maplibregl.setWorkerUrl(maplibreWorkerUrl);

/** Base tiles that cannot load (offline) leave the sites on a plain background; report the rest. */
export function reportMapError(event: { error: Error & { url?: string } }) {
  if (event.error.name === 'AJAXError' || event.error.url) return;
  reportError(event.error, { where: 'map' });
}

/** The base map: the configured style, or raster tiles over a plain background. */
export function baseStyle(
  config: MapConfig,
  satellite: boolean,
): maplibregl.StyleSpecification | string {
  if (config.styleUrl && !satellite) return config.styleUrl;
  return {
    version: 8,
    sources: {
      base: {
        type: 'raster',
        tiles: [satellite ? config.satelliteUrl : config.tileUrl],
        tileSize: 256,
        attribution: satellite ? config.satelliteAttribution : config.tileAttribution,
        maxzoom: 19,
      },
    },
    // Without tiles (offline) the sites still draw on the background.
    layers: [
      { id: 'background', type: 'background', paint: { 'background-color': '#e9eef2' } },
      { id: 'base', type: 'raster', source: 'base' },
    ],
  };
}
