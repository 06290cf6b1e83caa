import { ChevronDown, MessageCircle } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import type { AdminCompanySummary } from "#core/schemas/admin.ts";
import { Button } from "#web/components/ui/button.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { cn } from "#web/lib/cn.ts";

// A few admins' screen: loaded when opened, never in the page's first load (docs/decisions/042).
const CompanyWhatsappPanel = lazy(() => import("./company-whatsapp-panel.tsx"));

/** Administração › a company › 'Lembretes por WhatsApp' (docs/decisions/092): closed until the admin opens it. */
export function CompanyWhatsapp({ company }: { company: AdminCompanySummary }) {
  const [isOpen, setIsOpen] = useState(false);
  const panelId = `whatsapp-${company.id}`;
  return (
    <section aria-label={`Lembretes por WhatsApp da ${company.name}`} className="border-t border-border pt-4">
      <Button variant="ghost" aria-expanded={isOpen} aria-controls={panelId} onClick={() => setIsOpen((open) => !open)}>
        <MessageCircle aria-hidden className="size-4" strokeWidth={1.75} />
        Lembretes por WhatsApp
        <ChevronDown
          aria-hidden
          className={cn("size-4 transition-transform", isOpen && "rotate-180")}
          strokeWidth={1.75}
        />
      </Button>
      {isOpen ? (
        <div id={panelId} className="pt-3">
          <Suspense fallback={<Spinner />}>
            <CompanyWhatsappPanel companyId={company.id} />
          </Suspense>
        </div>
      ) : null}
    </section>
  );
}
