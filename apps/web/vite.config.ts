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
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the first page needs in one chunk: the automatic split of modules shared with
          // lazy chunks costs ~2.5 KB gzip on the home route's budget (gzip works per file).
          groups: [{ name: 'shell', tags: ['$initial'] }],
        },
      },
    },
  },
  server: {
    proxy: { '/api': apiTarget },
  },
  preview: {
    proxy: { '/api': apiTarget },
  },
});
