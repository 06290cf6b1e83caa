import { CheckCircle2 } from "lucide-react";
import { Alert } from "#web/components/ui/alert.tsx";
import type { SectionStatusValue } from "./use-section-status.ts";

/**
 * The live region stays in the page even when empty, so screen readers
 * announce the success message the moment it appears.
 */
export function SectionStatus({ status }: { status: SectionStatusValue }) {
  return (
    <>
      <div role="status" className="empty:hidden">
        {status?.tone === "success" ? (
          <p className="flex items-center gap-2 rounded-md border border-success/30 bg-success-soft px-3 py-2 text-sm font-medium text-fg">
            <CheckCircle2 aria-hidden className="size-5 shrink-0 text-success" strokeWidth={1.75} />
            {status.text}
          </p>
        ) : null}
      </div>
      {status?.tone === "error" ? <Alert tone="error">{status.text}</Alert> : null}
    </>
  );
}
