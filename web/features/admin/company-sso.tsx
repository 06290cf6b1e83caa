import { ChevronDown, KeyRound } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import type { AdminCompanySummary } from "#core/schemas/admin.ts";
import { Button } from "#web/components/ui/button.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { cn } from "#web/lib/cn.ts";

// The settings are a few admins' screen: loaded when opened, never in the page's first load (docs/decisions/042).
const CompanySsoPanel = lazy(() => import("./company-sso-panel.tsx"));

/** Administração › a company › 'Login único (SSO)': closed until the admin opens it (docs/decisions/047). */
export function CompanySso({ company }: { company: AdminCompanySummary }) {
  const [isOpen, setIsOpen] = useState(false);
  const panelId = `sso-${company.id}`;
  return (
    <section aria-label={`Login único (SSO) da ${company.name}`} className="border-t border-border pt-4">
      <Button variant="ghost" aria-expanded={isOpen} aria-controls={panelId} onClick={() => setIsOpen((open) => !open)}>
        <KeyRound aria-hidden className="size-4" strokeWidth={1.75} />
        Login único (SSO)
        <ChevronDown
          aria-hidden
          className={cn("size-4 transition-transform", isOpen && "rotate-180")}
          strokeWidth={1.75}
        />
      </Button>
      {isOpen ? (
        <div id={panelId} className="pt-3">
          <Suspense fallback={<Spinner />}>
            <CompanySsoPanel companyId={company.id} companyName={company.name} />
          </Suspense>
        </div>
      ) : null}
    </section>
  );
}
