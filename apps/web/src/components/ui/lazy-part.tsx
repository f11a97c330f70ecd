import { Component, type ComponentType, lazy, type ReactNode, Suspense } from 'react';

type PartProps<P> = P & {
  fallback: ReactNode;
  /** Told when the download failed (e.g. to forget that a menu was asked to open). */
  onFailed?: () => void;
};

/**
 * A lazily loaded piece of the page's frame (the language menu, the mobile menu, the toasts): while its
 * chunk is on the way, and when it cannot be fetched (offline, or a deploy replaced the files), the
 * `fallback` stands in for it instead of the whole page turning into the error screen. It is asked for
 * again once the browser is back online.
 */
export function lazyPart<P extends object>(
  load: () => Promise<ComponentType<P>>,
): ComponentType<PartProps<P>> {
  const make = () => lazy(async () => ({ default: await load() }));
  // React keeps a failed import's rejection: a retry needs a new lazy component.
  let Loaded = make();
  function LazyPart({ fallback, onFailed, ...props }: PartProps<P>) {
    return (
      <PartBoundary
        fallback={fallback}
        onFailed={onFailed}
        onRetry={() => {
          Loaded = make();
        }}
        render={() => (
          <Suspense fallback={fallback}>
            <Loaded {...(props as P)} />
          </Suspense>
        )}
      />
    );
  }
  return LazyPart;
}

interface BoundaryProps {
  fallback: ReactNode;
  onRetry: () => void;
  onFailed: (() => void) | undefined;
  /** Called on every render, so that a retry renders the new lazy component. */
  render: () => ReactNode;
}

class PartBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  // Called once the failure is committed, whether the boundary was mounting or updating.
  override componentDidCatch() {
    window.addEventListener('online', this.retry, { once: true });
    this.props.onFailed?.();
  }

  override componentWillUnmount() {
    window.removeEventListener('online', this.retry);
  }

  retry = () => {
    this.props.onRetry();
    this.setState({ failed: false });
  };

  override render() {
    return this.state.failed ? this.props.fallback : this.props.render();
  }
}
