import { useQuery } from "@tanstack/react-query";
import { WifiOff } from "lucide-react";
import { meQuery } from "#web/lib/me-query.ts";
import { useIsOnline } from "#web/lib/online-status.ts";

/**
 * Shown on every screen while the browser has no connection (docs/decisions/027). It only watches
 * the session the app layout reads: when the app shell opened offline and could not read it, the
 * page says what happens in one message (messages.offlineSignedOut), so the banner stays away; the
 * check-in promise is made only to a signed-in person, whose check-in can be kept.
 */
export function OfflineBanner() {
  const isOnline = useIsOnline();
  // Watches without asking: enabled false, but with the real request should a refetch go through it.
  const me = useQuery({ ...meQuery, enabled: false });
  if (isOnline) return null;
  const sessionUnreadable = me.data === undefined && (me.fetchStatus === "paused" || me.isError);
  if (sessionUnreadable) return null;
  return (
    <div
      role="status"
      className="flex items-center justify-center gap-2 border-b border-warning/40 bg-warning-soft px-4 py-2 text-center text-sm text-fg print:hidden"
    >
      <WifiOff aria-hidden className="size-4 shrink-0 text-warning" strokeWidth={2} />
      <p>
        <strong className="font-semibold">Você está offline.</strong>
        {me.data ? (
          <>
            {" "}
            <span className="text-muted">O check-in de hoje fica guardado e é enviado quando a conexão voltar.</span>
          </>
        ) : null}
      </p>
    </div>
  );
}
