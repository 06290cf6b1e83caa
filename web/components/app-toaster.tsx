import { useEffect, useSyncExternalStore } from "react";
import { loadedToaster, loadToaster, subscribeToaster, toasterMounted } from "#web/lib/toast.ts";

/** How long after the first render sonner loads at the latest, when the browser is never idle. */
const LOAD_AFTER_MS = 2000;

/**
 * sonner's Toaster, mounted when the browser is first idle after the page
 * rendered (or at the first toast, if that comes sooner): its script is not
 * in a page's first load (web/lib/toast.ts).
 */
export function AppToaster({ theme }: { theme: "light" | "dark" }) {
  const sonner = useSyncExternalStore(subscribeToaster, loadedToaster, () => null);
  useEffect(() => {
    if (typeof requestIdleCallback === "function") {
      const idle = requestIdleCallback(loadToaster, { timeout: LOAD_AFTER_MS });
      return () => cancelIdleCallback(idle);
    }
    const timer = setTimeout(loadToaster, LOAD_AFTER_MS);
    return () => clearTimeout(timer);
  }, []);
  // The Toaster's own effects (its subscription to new toasts) run before this one.
  useEffect(() => {
    if (sonner) toasterMounted();
  }, [sonner]);
  if (!sonner) return null;
  return (
    <sonner.Toaster
      theme={theme}
      // Bottom right, away from the page title (issue 36, item 10); on phones sonner spans the bottom edge,
      // lifted above any bottom bar that sets --bottom-ui-height on the root, and above the home indicator.
      position="bottom-right"
      mobileOffset={{ bottom: "calc(var(--bottom-ui-height, 0px) + env(safe-area-inset-bottom, 0px) + 16px)" }}
      richColors
      closeButton
      containerAriaLabel="Avisos"
      toastOptions={{ duration: 4000, closeButtonAriaLabel: "Fechar aviso" }}
    />
  );
}
