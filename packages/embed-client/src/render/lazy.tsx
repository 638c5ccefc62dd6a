import { type ComponentType, h } from 'preact';
import { useEffect, useState } from 'preact/hooks';

/**
 * A component loaded when it is first drawn. The npm build ships it as its own chunk, so sites
 * whose questionnaires never use it do not load it first (measured: the file upload and its type
 * table are about a tenth of `mount`); so does the script tag's module (`dist/script/`).
 */
export function lazy<P extends object>(
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> & { preload(): Promise<void> } {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<void> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (component) => {
        loaded = component;
      },
      () => {
        loading = undefined; // offline for a moment: the next drawing tries again
      },
    ));
  function Lazy(props: P) {
    const [, setReady] = useState(false);
    const pending = !loaded;
    useEffect(() => {
      // Drawn pending: draw again once loaded, also when it arrived between the drawing and this effect
      // (another drawing's preload: the address's suggestions, preloaded while the address itself loads).
      if (!pending) return;
      let drawn = true;
      preload().then(() => drawn && setReady(true));
      return () => {
        drawn = false;
      };
    }, []);
    return loaded ? h(loaded, props) : <span data-pending="" hidden />;
  }
  return Object.assign(Lazy, { preload });
}
