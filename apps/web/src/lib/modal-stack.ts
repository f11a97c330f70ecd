import { useCallback, useEffect, useRef } from 'react';

/**
 * Keyboard shortcuts of stacked overlays (confirm dialogs, the mobile menu) belong to the top one
 * only (SPEC §4: Escape cancels the top modal). Each open overlay registers a layer; the last
 * registered is on top.
 */
const layers: symbol[] = [];

/** Registers a layer while `active`; the returned function tells whether this layer is on top. */
export function useModalLayer(active: boolean): () => boolean {
  const layer = useRef<symbol | null>(null);

  useEffect(() => {
    if (!active) return;
    const id = Symbol('modal-layer');
    layers.push(id);
    layer.current = id;
    return () => {
      const index = layers.indexOf(id);
      if (index !== -1) layers.splice(index, 1);
      layer.current = null;
    };
  }, [active]);

  return useCallback(() => layer.current !== null && layers.at(-1) === layer.current, []);
}
