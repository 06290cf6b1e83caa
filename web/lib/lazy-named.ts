import { type ComponentType, lazy } from "react";

/**
 * React.lazy for a module's named component, loaded on first render (the
 * reports' chart drawings, the NR-1 tabs past the first: issue 37,
 * docs/decisions/021). A module that cannot load (offline before the service
 * worker cached it, a deploy that replaced the file) renders `Unavailable`
 * in its place instead of failing the whole page.
 */
export function lazyNamed<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
  Unavailable: ComponentType<Props>,
) {
  return lazy(() =>
    load().then(
      (Component) => ({ default: Component }),
      () => ({ default: Unavailable }),
    ),
  );
}
