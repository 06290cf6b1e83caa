import { SearchX } from "lucide-react";
import { useDeferredValue, useState } from "react";
import { countOf } from "#core/format.ts";
import { EmptyState } from "#web/components/empty-state.tsx";
import { PageIntro } from "#web/components/page-intro.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Card } from "#web/components/ui/card.tsx";
import { CrisisNote } from "#web/features/help/crisis-note.tsx";
import { FaqList } from "#web/features/help/faq-list.tsx";
import { GuideList } from "#web/features/help/guide-list.tsx";
import { helpFaqs, helpGuides } from "#web/features/help/help-content.ts";
import { HelpDocuments } from "#web/features/help/help-documents.tsx";
import { HelpSearch } from "#web/features/help/help-search.tsx";
import { faqMatches, guideMatches } from "#web/features/help/search-help.ts";
import { SupportContacts } from "#web/features/help/support-contacts.tsx";
import { useViewer } from "#web/lib/session.ts";

export function meta() {
  return [{ title: "Ajuda | Sereno" }];
}

/** Spec 2 'Help': a search that filters the guides and the FAQ, documents, support and the crisis lines. */
export default function HelpPage() {
  const viewer = useViewer();
  const [query, setQuery] = useState("");
  const deferredQuery = useDeferredValue(query);
  const trimmed = deferredQuery.trim();
  const isSearching = trimmed.length > 0;

  const guides = helpGuides.filter(
    (guide) => (!guide.roles || guide.roles.includes(viewer.role)) && guideMatches(guide, trimmed),
  );
  const faqs = helpFaqs.filter((faq) => faqMatches(faq, trimmed));
  const total = guides.length + faqs.length;

  return (
    <>
      <PageIntro>Guias rápidos, respostas para as dúvidas mais comuns e o caminho para falar com a gente.</PageIntro>
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="flex min-w-0 flex-col gap-8">
          <Card>
            <HelpSearch value={query} onChange={setQuery} />
            <p role="status" className="sr-only">
              {isSearching ? `${countOf(total, "resultado", "resultados")} para "${trimmed}"` : ""}
            </p>
          </Card>

          {total === 0 ? (
            <EmptyState icon={SearchX} title={`Nenhum resultado para "${trimmed}"`}>
              <p>Tente outras palavras, como "senha", "check-in" ou "XP". Se preferir, fale com o suporte.</p>
              <Button variant="secondary" className="mt-3" onClick={() => setQuery("")}>
                Limpar busca
              </Button>
            </EmptyState>
          ) : null}

          {guides.length > 0 ? (
            <section aria-labelledby="guias-titulo" className="flex flex-col gap-3">
              <h2 id="guias-titulo" className="text-lg font-semibold">
                Guias rápidos
              </h2>
              <GuideList guides={guides} isSearching={isSearching} />
            </section>
          ) : null}

          {faqs.length > 0 ? (
            <section aria-labelledby="faq-titulo" className="flex flex-col gap-3">
              <h2 id="faq-titulo" className="text-lg font-semibold">
                Perguntas frequentes
              </h2>
              <FaqList faqs={faqs} isSearching={isSearching} />
            </section>
          ) : null}
        </div>

        <aside aria-label="Suporte e documentos" className="flex flex-col gap-6">
          <SupportContacts />
          <CrisisNote />
          <HelpDocuments />
        </aside>
      </div>
    </>
  );
}
