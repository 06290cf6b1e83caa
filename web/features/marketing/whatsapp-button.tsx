import { MessageCircle } from "lucide-react";
import type { ReactNode } from "react";
import { buttonClass } from "#web/components/ui/button.tsx";
import { cn } from "#web/lib/cn.ts";
import { salesMessage, whatsappLink } from "#web/lib/contact.ts";

type Variant = Parameters<typeof buttonClass>[0];
type Size = Parameters<typeof buttonClass>[1];

/**
 * A link styled as a button that opens a WhatsApp conversation with Sereno.
 * The number is the server's CONTACT_WHATSAPP, substituted into the prerendered HTML.
 */
export function WhatsAppButton({
  children,
  message = salesMessage,
  variant = "primary",
  size = "lg",
  className,
}: {
  children: ReactNode;
  message?: string;
  variant?: Variant;
  size?: Size;
  className?: string;
}) {
  return (
    <a
      href={whatsappLink(message)}
      target="_blank"
      rel="noopener noreferrer"
      className={cn(buttonClass(variant, size), className)}
    >
      <MessageCircle aria-hidden className="size-5 shrink-0" strokeWidth={1.75} />
      {children}
      <span className="sr-only"> (abre o WhatsApp em uma nova aba)</span>
    </a>
  );
}
