/**
 * Toasts ('Check-in registrado!', 'Não foi possível …'): sonner's API as the
 * screens use it, with the library loaded on first use or once the page is
 * idle, not with the first render. It was a third of the framework chunk's
 * own code to evaluate and a stylesheet injected before the first paint, on
 * every page, for messages that only follow an action (docs/decisions/021).
 *
 * A toast asked for before sonner has arrived is shown when it arrives: the
 * call waits for the same import, and sonner's Toaster shows the toasts made
 * before it subscribed (components/toaster.tsx mounts it then).
 */
import type { ExternalToast } from "sonner";

type Sonner = typeof import("sonner");

let sonner: Sonner | undefined;
let loading: Promise<Sonner> | undefined;
const onLoad = new Set<() => void>();

/** Loads sonner once; every caller gets the same module. */
export function loadToasts(): Promise<Sonner> {
  loading ??= import("sonner").then((module) => {
    sonner = module;
    for (const notify of onLoad) notify();
    return module;
  });
  return loading;
}

/** For useSyncExternalStore: sonner once loaded, undefined until then. */
export const loadedToasts = {
  subscribe(notify: () => void): () => void {
    onLoad.add(notify);
    return () => onLoad.delete(notify);
  },
  current: (): Sonner | undefined => sonner,
};

function show(kind: "success" | "error" | "info", message: string, options?: ExternalToast): void {
  if (sonner) {
    sonner.toast[kind](message, options);
    return;
  }
  loadToasts().then(
    (module) => module.toast[kind](message, options),
    () => {
      // The library could not be fetched (the connection dropped): the screen itself still shows the outcome.
    },
  );
}

export const toast = {
  success: (message: string, options?: ExternalToast) => show("success", message, options),
  error: (message: string, options?: ExternalToast) => show("error", message, options),
  info: (message: string, options?: ExternalToast) => show("info", message, options),
};
