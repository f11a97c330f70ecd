/// <reference types="vite/client" />

/** Version of the root package.json, injected at build time by vite.config.ts. */
declare const __APP_VERSION__: string;
