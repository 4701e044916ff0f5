import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const api = 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
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
