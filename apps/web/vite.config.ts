import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { srcAlias } from './srcAlias.ts';

const api = 'http://localhost:3000';

/** Which build this is: set ROADCOUNT_BUILD_ID to name it, else its time. */
const buildId = process.env.ROADCOUNT_BUILD_ID ?? new Date().toISOString().slice(0, 16);

export default defineConfig({
  resolve: { alias: [srcAlias] },
  define: { __ROADCOUNT_BUILD_ID__: JSON.stringify(buildId) },
  plugins: [
    react(),
    // The installable app: a Workbox service worker precaches the shell and every asset, so the
    // app opens offline; a new build waits until the user reloads from the app's dialog.
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      includeAssets: ['favicon.svg', 'guides/*.png'],
      manifest: {
        name: 'Roadcount',
        short_name: 'Roadcount',
        description: 'Traffic-count data for road authorities and contractors',
        theme_color: '#005bbd',
        background_color: '#f5f7fa',
        display: 'standalone',
        start_url: '/ui/analysis/map',
        scope: '/',
        icons: [
          { src: '/icons/roadcount-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/roadcount-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,mjs,css,html,svg,png,woff2}'],
        // The app's own bundle with the map library is larger than Workbox's default limit.
        maximumFileSizeToCacheInBytes: 6 * 1024 * 1024,
        navigateFallback: '/index.html',
        // The API and its documents are never answered by the app shell.
        navigateFallbackDenylist: [/^\/(core|api|bill|gql|healthz|admin)(\/|$)/],
        cleanupOutdatedCaches: true,
        // The first version takes the open page at once; later ones wait for the dialog.
        clientsClaim: true,
      },
    }),
  ],
  // Source maps are written for error reports but not linked from the bundles nor served.
  build: { outDir: 'dist', sourcemap: 'hidden', chunkSizeWarningLimit: 1500 },
  server: {
    proxy: {
      '/core': api,
      '/api': api,
      '/bill': api,
      '/healthz': api,
      '/gql': { target: api, ws: true },
    },
  },
});
