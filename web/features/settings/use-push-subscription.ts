/**
 * 'Notificações push' (docs/decisions/027): subscribing this browser with the
 * server's VAPID key, or cancelling it. The switch shows on when the
 * preference is on and this browser is subscribed.
 */
import { useEffect, useState } from "react";
import { settingsMessages } from "#core/settings-messages.ts";
import { api } from "#web/lib/api.ts";

function isPushSupported(): boolean {
  return (
    typeof window !== "undefined" && "serviceWorker" in navigator && "PushManager" in window && "Notification" in window
  );
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, "+").replace(/_/g, "/");
  const raw = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, "="));
  return Uint8Array.from(raw, (char) => char.charCodeAt(0));
}

/** A refusal the person can act on, in pt-BR. */
export class PushSetupError extends Error {}

/** The app's service worker (web/lib/service-worker.ts registers it); none in development. */
async function registration(): Promise<ServiceWorkerRegistration> {
  const found = await navigator.serviceWorker.getRegistration();
  if (!found) throw new PushSetupError(settingsMessages.pushSetupFailed);
  return found;
}

export function usePushSubscription() {
  const [isSubscribed, setIsSubscribed] = useState<boolean | null>(null);
  useEffect(() => {
    if (!isPushSupported()) return setIsSubscribed(false);
    let isCurrent = true;
    navigator.serviceWorker
      .getRegistration()
      .then((registration) => registration?.pushManager.getSubscription() ?? null)
      .then((subscription) => isCurrent && setIsSubscribed(Boolean(subscription)))
      .catch(() => isCurrent && setIsSubscribed(false));
    return () => {
      isCurrent = false;
    };
  }, []);

  async function subscribe(): Promise<void> {
    if ((await Notification.requestPermission()) !== "granted")
      throw new PushSetupError(settingsMessages.pushPermissionDenied);
    const worker = await registration();
    const { publicKey } = await api<{ publicKey: string }>("/api/push/key");
    const subscription = await worker.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(publicKey),
    });
    await api("/api/push/subscriptions", { body: subscription.toJSON() });
    setIsSubscribed(true);
  }

  async function unsubscribe(): Promise<void> {
    const subscription = await (await navigator.serviceWorker.getRegistration())?.pushManager.getSubscription();
    if (subscription) {
      await api("/api/push/subscriptions", { method: "DELETE", body: { endpoint: subscription.endpoint } });
      await subscription.unsubscribe();
    }
    setIsSubscribed(false);
  }

  return { isSupported: isPushSupported(), isSubscribed, subscribe, unsubscribe };
}
