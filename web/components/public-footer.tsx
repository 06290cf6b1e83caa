import { Mail, MessageCircle, Phone } from "lucide-react";
import { Link } from "react-router";
import { salesMessage, whatsappLink } from "#web/lib/contact.ts";
import { Logo } from "./logo.tsx";

/** Footer (spec 2): company, legal and contact columns. */
export function PublicFooter() {
  return (
    <footer className="border-t border-border bg-surface">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-4">
        <div className="space-y-3">
          <Logo />
          <p className="text-sm text-muted">
            Bem-estar mental no trabalho, com privacidade de verdade: sua empresa só vê dados agregados e anônimos.
          </p>
        </div>
        <nav aria-label="Empresa" className="space-y-2 text-sm">
          <h2 className="font-semibold">Empresa</h2>
          <ul className="text-muted">
            <li>
              <Link className="inline-flex min-h-11 items-center hover:text-fg" to="/sobre">
                Sobre nós
              </Link>
            </li>
            <li>
              <Link className="inline-flex min-h-11 items-center hover:text-fg" to="/recursos">
                Recursos
              </Link>
            </li>
            <li>
              <Link className="inline-flex min-h-11 items-center hover:text-fg" to="/login">
                Entrar
              </Link>
            </li>
            <li>
              {/* Signed out, with protocol and secret: the reporter's way back to a case (issue 45, item 12). */}
              <Link className="inline-flex min-h-11 items-center hover:text-fg" to="/escuta/acompanhar">
                Acompanhar um relato
              </Link>
            </li>
          </ul>
        </nav>
        <nav aria-label="Legal" className="space-y-2 text-sm">
          <h2 className="font-semibold">Legal</h2>
          <ul className="text-muted">
            <li>
              <Link className="inline-flex min-h-11 items-center hover:text-fg" to="/privacidade">
                Política de Privacidade
              </Link>
            </li>
            <li>
              <Link className="inline-flex min-h-11 items-center hover:text-fg" to="/termos">
                Termos de Uso
              </Link>
            </li>
          </ul>
        </nav>
        <div className="space-y-2 text-sm">
          <h2 className="font-semibold">Contato</h2>
          <ul className="text-muted">
            <li>
              <a
                className="inline-flex min-h-11 items-center gap-2 hover:text-fg"
                href={whatsappLink(salesMessage)}
                target="_blank"
                rel="noopener noreferrer"
              >
                <MessageCircle aria-hidden className="size-4" /> Fale pelo WhatsApp
              </a>
            </li>
            <li>
              <a className="inline-flex min-h-11 items-center gap-2 hover:text-fg" href="mailto:contato@sereno.com.br">
                <Mail aria-hidden className="size-4" /> contato@sereno.com.br
              </a>
            </li>
            <li className="flex flex-wrap items-center gap-x-2">
              <Phone aria-hidden className="size-4" /> Em crise? Ligue
              <a className="inline-flex min-h-11 items-center font-medium underline hover:text-fg" href="tel:188">
                188 (CVV)
              </a>
              ou
              <a className="inline-flex min-h-11 items-center font-medium underline hover:text-fg" href="tel:192">
                192 (SAMU)
              </a>
            </li>
          </ul>
        </div>
      </div>
      <p className="border-t border-border py-4 text-center text-xs text-muted">
        © 2026 Sereno Tecnologia em Bem-Estar Ltda. Todos os direitos reservados.
      </p>
    </footer>
  );
}
