import { useEffect, useRef, useState } from 'react';
import { lazyPart } from '@/components/ui/lazy-part.tsx';
import { LocaleButton } from './locale-button.tsx';

// The dropdown (and its positioning engine) is not needed for the first paint: it is fetched when
// the browser is idle, or at once when the user reaches for the trigger; offline, the button stays.
const LocaleMenu = lazyPart(() => import('./locale-menu.tsx').then((m) => m.LocaleMenu));

export function LocaleSwitcher() {
  const [loadMenu, setLoadMenu] = useState(false);
  const [opened, setOpened] = useState(false);
  const placeholderFocused = useRef(false);

  useEffect(() => {
    if (typeof window.requestIdleCallback === 'function') {
      const idle = window.requestIdleCallback(() => setLoadMenu(true), { timeout: 3000 });
      return () => window.cancelIdleCallback(idle);
    }
    const timer = window.setTimeout(() => setLoadMenu(true), 1500);
    return () => window.clearTimeout(timer);
  }, []);

  const placeholder = (
    <LocaleButton
      aria-haspopup="menu"
      aria-expanded={false}
      onClick={() => {
        setOpened(true);
        setLoadMenu(true);
      }}
      onPointerEnter={() => setLoadMenu(true)}
      onFocus={() => {
        placeholderFocused.current = true;
      }}
      onBlur={() => {
        placeholderFocused.current = false;
      }}
    />
  );
  if (!loadMenu) return placeholder;
  return (
    <LocaleMenu
      fallback={placeholder}
      onFailed={() => setOpened(false)}
      opened={opened}
      onChange={setOpened}
      takeFocus={() => placeholderFocused.current}
    />
  );
}
