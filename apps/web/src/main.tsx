import './app/zod-config.ts';
import './app/styles.ts';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/index.tsx';
import { configureSessionRenewal } from './lib/api-client.ts';
import { initI18n } from './lib/i18n/i18n.ts';

// The session's moving parts load on the first 401 (or sign-in), not with the shell.
configureSessionRenewal(() => import('./lib/auth/session-runtime.ts'));

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element in index.html');

// Translations first (the stored language may need a download) so the first paint is in the right language.
// The first render as a transition: React renders it in slices of a few milliseconds and lets the
// browser paint and handle input in between, instead of one long task on a slow phone.
void initI18n().then((i18n) => {
  const root = createRoot(container);
  startTransition(() => {
    root.render(
      <StrictMode>
        <App i18n={i18n} />
      </StrictMode>,
    );
  });
});
