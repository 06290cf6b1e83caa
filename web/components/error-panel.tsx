import { LifeBuoy, RotateCcw, TriangleAlert } from "lucide-react";
import { Button } from "#web/components/ui/button.tsx";
import { cn } from "#web/lib/cn.ts";
import { supportMessage, whatsappLink } from "#web/lib/contact.ts";

/** The generic error panel (spec 2): what happened, 'Tentar novamente' and 'Contatar suporte'. */
export function ErrorPanel({
  message,
  onRetry,
  className,
  showSupport = true,
}: {
  message: string;
  onRetry?: () => void;
  className?: string;
  showSupport?: boolean;
}) {
  return (
    <div
      role="alert"
      className={cn(
        "flex flex-col items-center gap-3 rounded-lg border border-danger/30 bg-danger-soft p-6 text-center",
        className,
      )}
    >
      <TriangleAlert aria-hidden className="size-7 text-danger" strokeWidth={1.75} />
      <p className="font-medium text-fg">{message}</p>
      <div className="flex flex-wrap justify-center gap-2">
        {onRetry ? (
          <Button variant="secondary" onClick={onRetry}>
            <RotateCcw aria-hidden className="size-4" /> Tentar novamente
          </Button>
        ) : null}
        {showSupport ? (
          <Button variant="ghost" asChild>
            <a href={whatsappLink(supportMessage)} target="_blank" rel="noopener noreferrer">
              <LifeBuoy aria-hidden className="size-4" /> Contatar suporte
            </a>
          </Button>
        ) : null}
      </div>
    </div>
  );
}
