/** Emitted on every route change (SPEC §2): the route name, or the path where no named route matched. */
export type NavigationEvent = {
  name: string;
  fullPath: string;
};

export type NavigationSink = (event: NavigationEvent) => void;

declare global {
  interface Window {
    /**
     * Opt-in capture buffer: when a page defines this array before the app starts (the browser tests
     * do, with an init script), every navigation event is also pushed onto it. Production never sets it.
     */
    __oporaNavigationEvents?: NavigationEvent[];
  }
}

const noop: NavigationSink = () => {};
let sink: NavigationSink = noop;

/** Plugs in where navigation events go (analytics, logging); returns a function restoring the previous sink. */
export function setNavigationSink(next: NavigationSink): () => void {
  const previous = sink;
  sink = next;
  return () => {
    sink = previous;
  };
}

export function emitNavigationEvent(event: NavigationEvent): void {
  const buffer = typeof window === 'undefined' ? undefined : window.__oporaNavigationEvents;
  if (Array.isArray(buffer)) buffer.push(event);
  try {
    sink(event);
  } catch (error) {
    // A faulty sink (e.g. an analytics script) must never break navigation.
    console.error('Navigation sink failed', error);
  }
}
