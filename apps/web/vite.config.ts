import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import rootPackage from '../../package.json' with { type: 'json' };

const apiTarget = process.env.OPORA_API_URL ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: { '@/': new URL('./src/', import.meta.url).pathname },
  },
  define: {
    // One version for the whole product: the web build, the API and the footer show the same number.
    __APP_VERSION__: JSON.stringify(rootPackage.version),
  },
  build: {
    // scripts/size.ts reads the manifest to sum each route's initial JavaScript.
    manifest: true,
    sourcemap: false,
  },
  server: {
    proxy: { '/api': apiTarget },
  },
  preview: {
    proxy: { '/api': apiTarget },
  },
});
