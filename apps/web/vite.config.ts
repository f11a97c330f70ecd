import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import rootPackage from '../../package.json' with { type: 'json' };

const apiTarget = process.env.OPORA_API_URL ?? 'http://localhost:3000';
const apiProxy = { '/api': apiTarget, '/realms': apiTarget, '/dev/mail': apiTarget };

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
  // The API, the embedded identity server and the development mailbox, all on the API's port.
  server: { proxy: apiProxy },
  preview: { proxy: apiProxy },
});
