import { useEffect, useSyncExternalStore } from "react";
import type { ToasterProps } from "sonner";
import { afterLoadWhenIdle } from "#web/lib/after-load.ts";
import { loadedToasts, loadToasts } from "#web/lib/toast.ts";

/**
 * sonner's Toaster, rendered once sonner has loaded: at the first toast or
 * once the page is idle after loading, whichever comes first (lib/toast.ts).
 */
export function Toaster(props: ToasterProps) {
  const sonner = useSyncExternalStore(loadedToasts.subscribe, loadedToasts.current, () => undefined);
  useEffect(() => {
    afterLoadWhenIdle(() => void loadToasts().catch(() => {}));
  }, []);
  return sonner ? <sonner.Toaster {...props} /> : null;
}
