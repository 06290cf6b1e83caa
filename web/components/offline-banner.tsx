import { WifiOff } from "lucide-react";
import { useIsOnline } from "#web/lib/online-status.ts";

/** Shown on every screen while the browser has no connection (docs/decisions/027). */
export function OfflineBanner() {
  const isOnline = useIsOnline();
  if (isOnline) return null;
  return (
    <div
      role="status"
      className="flex items-center justify-center gap-2 border-b border-warning/40 bg-warning-soft px-4 py-2 text-center text-sm text-fg print:hidden"
    >
      <WifiOff aria-hidden className="size-4 shrink-0 text-warning" strokeWidth={2} />
      <p>
        <strong className="font-semibold">Você está offline.</strong>{" "}
        <span className="text-muted">O check-in de hoje fica guardado e é enviado quando a conexão voltar.</span>
      </p>
    </div>
  );
}
