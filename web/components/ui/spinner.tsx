import { Loader2 } from "lucide-react";
import { cn } from "#web/lib/cn.ts";

export function Spinner({ label = "Carregando...", className }: { label?: string; className?: string }) {
  return (
    <div role="status" className={cn("flex items-center justify-center gap-2 text-muted", className)}>
      <Loader2 aria-hidden className="size-5 animate-spin text-primary" strokeWidth={1.75} />
      <span>{label}</span>
    </div>
  );
}
