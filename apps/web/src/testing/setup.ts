import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// happy-dom has no `document.fonts`, which Mantine's autosizing textarea listens to: an event target
// that never fires stands in (the fonts are there at once).
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true });
}

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});
