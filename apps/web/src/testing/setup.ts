import { notifications } from '@mantine/notifications';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { i18n } from '@/lib/i18n/i18n.ts';

// happy-dom has no `document.fonts`, which Mantine's autosizing textarea listens to: an event target
// that never fires stands in (the fonts are there at once).
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true });
}

// Test files share one module graph (`isolate: false`): what a test leaves in the page, the storage,
// the toast store or the language would be the next file's starting point, so each test puts it back.
afterEach(async () => {
  cleanup();
  notifications.clean();
  window.localStorage.clear();
  window.sessionStorage.clear();
  document.head.querySelectorAll('meta[name="description"]').forEach((meta) => {
    meta.remove();
  });
  document.title = '';
  if (i18n.isInitialized && i18n.language !== 'cs') await i18n.changeLanguage('cs');
});
