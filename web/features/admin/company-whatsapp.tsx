import { ChevronDown, MessageCircle, MessagesSquare } from "lucide-react";
import { type ComponentType, type LazyExoticComponent, lazy, Suspense, useState } from "react";
import type { AdminCompanySummary } from "#core/schemas/admin.ts";
import { Button } from "#web/components/ui/button.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { cn } from "#web/lib/cn.ts";

// A few admins' screens: loaded when opened, never in the page's first load (docs/decisions/042).
const CompanyWhatsappPanel = lazy(() => import("./company-whatsapp-panel.tsx"));
const CompanyMsteamsPanel = lazy(() => import("./company-msteams-panel.tsx"));

type Panel = LazyExoticComponent<ComponentType<{ companyId: string }>>;

/** A reminder channel's section of a company, closed until the admin opens it. */
function ChannelSection({
  company,
  title,
  id,
  icon: Icon,
  Panel,
}: {
  company: AdminCompanySummary;
  title: string;
  id: string;
  icon: typeof MessageCircle;
  Panel: Panel;
}) {
  const [isOpen, setIsOpen] = useState(false);
  const panelId = `${id}-${company.id}`;
  return (
    <section aria-label={`${title} da ${company.name}`} className="border-t border-border pt-4">
      <Button variant="ghost" aria-expanded={isOpen} aria-controls={panelId} onClick={() => setIsOpen((open) => !open)}>
        <Icon aria-hidden className="size-4" strokeWidth={1.75} />
        {title}
        <ChevronDown
          aria-hidden
          className={cn("size-4 transition-transform", isOpen && "rotate-180")}
          strokeWidth={1.75}
        />
      </Button>
      {isOpen ? (
        <div id={panelId} className="pt-3">
          <Suspense fallback={<Spinner />}>
            <Panel companyId={company.id} />
          </Suspense>
        </div>
      ) : null}
    </section>
  );
}

/** Administração › a company › 'Lembretes por WhatsApp' (docs/decisions/092). */
export function CompanyWhatsapp({ company }: { company: AdminCompanySummary }) {
  return (
    <ChannelSection
      company={company}
      title="Lembretes por WhatsApp"
      id="whatsapp"
      icon={MessageCircle}
      Panel={CompanyWhatsappPanel}
    />
  );
}

/** Administração › a company › 'Lembretes pelo Teams' (docs/decisions/095). */
export function CompanyMsteams({ company }: { company: AdminCompanySummary }) {
  return (
    <ChannelSection
      company={company}
      title="Lembretes pelo Teams"
      id="msteams"
      icon={MessagesSquare}
      Panel={CompanyMsteamsPanel}
    />
  );
}
