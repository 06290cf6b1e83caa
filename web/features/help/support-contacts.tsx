import { Headset, Mail, MessageCircle } from "lucide-react";
import { buttonClass } from "#web/components/ui/button.tsx";
import { Card, CardDescription, CardTitle } from "#web/components/ui/card.tsx";
import { cn } from "#web/lib/cn.ts";
import { contactNumber, contactPhoneLine, SUPPORT_EMAIL, supportMessage, whatsappLink } from "#web/lib/contact.ts";

/** Spec 2: phone (a WhatsApp chat) and e-mail support. */
export function SupportContacts() {
  const phone = contactPhoneLine(contactNumber());
  return (
    <Card role="region" aria-labelledby="suporte-titulo" className="flex flex-col gap-4">
      <div className="flex items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary-soft text-primary">
          <Headset aria-hidden className="size-5" strokeWidth={1.75} />
        </span>
        <div className="space-y-1">
          <CardTitle id="suporte-titulo">Fale com o suporte</CardTitle>
          <CardDescription>
            Não achou o que procurava? A gente ajuda com acesso, dúvidas de uso e problemas técnicos.
          </CardDescription>
        </div>
      </div>
      <div className="flex flex-col gap-2">
        <a
          href={whatsappLink(supportMessage)}
          target="_blank"
          rel="noopener noreferrer"
          className={cn(buttonClass("primary", "md"), "w-full")}
        >
          <MessageCircle aria-hidden className="size-5 shrink-0" strokeWidth={1.75} />
          Fale com o suporte pelo WhatsApp
          <span className="sr-only"> (abre em uma nova aba)</span>
        </a>
        {phone ? (
          <p className="text-center text-sm text-muted">
            Telefone e WhatsApp: <span className="whitespace-nowrap font-medium text-fg">{phone}</span>
          </p>
        ) : null}
      </div>
      <div className="flex flex-col gap-2">
        <a
          href={`mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent("Ajuda com o Sereno")}`}
          className={cn(buttonClass("secondary", "md"), "w-full")}
        >
          <Mail aria-hidden className="size-5 shrink-0" strokeWidth={1.75} />
          <span>
            <span className="sr-only">Enviar e-mail para </span>
            {SUPPORT_EMAIL}
          </span>
        </a>
      </div>
    </Card>
  );
}
