/**
 * The service worker (docs/decisions/027), bundled by scripts/build.mjs into
 * build/client/sw.js, where Workbox writes the precache list in place of
 * self.__WB_MANIFEST. It precaches the build's assets and the app shell, so
 * the app opens offline; pages come from the network first and from the
 * shell when there is none. It never touches /api or /media: personal data
 * is never stored by it. It also shows the reminders sent by Web Push.
 */
import { addRoute, cleanupOutdatedCaches, createHandlerBoundToURL, precache } from "workbox-precaching";
import { NavigationRoute, registerRoute } from "workbox-routing";

type PrecacheEntry = { url: string; revision: string | null };
type ExtendableEvent = Event & { waitUntil(promise: Promise<unknown>): void };
type PushEvent = ExtendableEvent & { data: { json(): unknown } | null };
type NotificationEvent = ExtendableEvent & { notification: Notification & { data: unknown } };
type WindowClient = { url: string; focus(): Promise<unknown>; navigate(url: string): Promise<unknown> };

declare const self: {
  __WB_MANIFEST: PrecacheEntry[];
  location: Location;
  registration: ServiceWorkerRegistration;
  clients: {
    matchAll(options: { type: "window"; includeUncontrolled: boolean }): Promise<WindowClient[]>;
    openWindow(url: string): Promise<unknown>;
    claim(): Promise<void>;
  };
  skipWaiting(): Promise<void>;
  addEventListener(type: "install" | "activate", listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: "push", listener: (event: PushEvent) => void): void;
  addEventListener(type: "notificationclick", listener: (event: NotificationEvent) => void): void;
};

/** The SPA page every app route is drawn from (server/static-site.ts serves it for /dashboard). */
const APP_SHELL = "/dashboard";

self.addEventListener("install", () => void self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

cleanupOutdatedCaches();
precache(self.__WB_MANIFEST);

// Pages first, so the precached shell answers only when the network cannot (its nonce and settings are a build's).
const shell = createHandlerBoundToURL(APP_SHELL);
registerRoute(
  new NavigationRoute(
    async (options) => {
      try {
        return await fetch(options.request);
      } catch {
        return shell(options);
      }
    },
    { denylist: [/^\/api\//, /^\/media\//] },
  ),
);
// Then the build's files, from the precache.
addRoute();

/** What server/features/notifications/web-push.ts sends. */
type PushPayload = { title?: string; body?: string; url?: string; tag?: string };

self.addEventListener("push", (event) => {
  const payload = (event.data?.json() ?? {}) as PushPayload;
  event.waitUntil(
    self.registration.showNotification(payload.title ?? "Sereno", {
      body: payload.body ?? "",
      icon: "/icons/icon-192.png",
      badge: "/icons/icon-192.png",
      lang: "pt-BR",
      tag: payload.tag,
      data: { url: payload.url ?? "/dashboard" },
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const path = (event.notification.data as { url?: string } | null)?.url ?? "/dashboard";
  const url = new URL(path, self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (!open) return self.clients.openWindow(url);
      await open.navigate(url);
      return open.focus();
    })(),
  );
});
