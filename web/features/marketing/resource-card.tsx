import type { LucideIcon } from "lucide-react";
import { WhatsAppButton } from "./whatsapp-button.tsx";

export type FreeResource = {
  icon: LucideIcon;
  kind: string;
  title: string;
  description: string;
  buttonLabel: string;
  message: string;
};

/**
 * A free material. There is no file to download: the button asks for it in a
 * WhatsApp conversation, and the card says so.
 */
export function ResourceCard({ resource }: { resource: FreeResource }) {
  const { icon: Icon, kind, title, description, buttonLabel, message } = resource;
  return (
    <li className="flex flex-col overflow-hidden rounded-xl border border-border bg-surface shadow-soft">
      <div className="flex items-center gap-3 bg-linear-to-br from-primary-soft to-accent-soft px-6 py-5">
        <span className="flex size-11 items-center justify-center rounded-lg bg-surface text-primary shadow-soft">
          <Icon aria-hidden className="size-6" strokeWidth={1.75} />
        </span>
        <span className="text-sm font-semibold uppercase tracking-wider text-fg">{kind}</span>
      </div>
      <div className="flex flex-1 flex-col gap-3 p-6">
        <h3 className="text-lg font-semibold leading-snug">{title}</h3>
        <p className="flex-1 leading-relaxed text-muted">{description}</p>
        <p className="text-sm text-muted">Gratuito. Peça pelo WhatsApp e a gente envia para você.</p>
        <WhatsAppButton variant="secondary" size="md" message={message} className="mt-2 w-full">
          {buttonLabel}
        </WhatsAppButton>
      </div>
    </li>
  );
}
