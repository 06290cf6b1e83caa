import { ArrowUp, Mail } from "lucide-react";
import type { ReactNode } from "react";
import { legalConfig } from "#web/lib/legal-config.ts";
import type { LegalBlock, LegalSection } from "./legal-types.ts";

function LegalBlockView({ block }: { block: LegalBlock }) {
  if (block.kind === "p") return <p>{block.text}</p>;
  if (block.kind === "dpo") {
    const { dpoName, dpoEmail } = legalConfig();
    return (
      <address className="rounded-xl border border-border bg-surface p-4 not-italic shadow-soft">
        <p className="font-semibold">{dpoName}</p>
        <p className="text-sm text-muted">Encarregado pelo tratamento de dados pessoais (LGPD, art. 41)</p>
        <a
          href={`mailto:${dpoEmail}`}
          className="mt-2 inline-flex min-h-11 items-center gap-2 font-medium text-primary underline underline-offset-4"
        >
          <Mail aria-hidden className="size-4" strokeWidth={1.75} />
          {dpoEmail}
        </a>
      </address>
    );
  }
  return (
    <ul className="list-disc space-y-2 pl-6 marker:text-primary">
      {block.items.map((item) => (
        <li key={item} className="pl-1">
          {item}
        </li>
      ))}
    </ul>
  );
}

function blockKey(block: LegalBlock): string {
  if (block.kind === "p") return block.text;
  return block.kind === "list" ? block.items.join("|") : block.kind;
}

/**
 * A legal document (privacy policy, terms of use): title, date, intro, an
 * index of anchors ('Nesta página') and the numbered sections. Works without
 * JavaScript: the index is plain #hash links. `notice` sits above the index.
 */
export function LegalPage({
  title,
  updatedAt,
  intro,
  sections,
  notice,
}: {
  title: string;
  updatedAt: string;
  intro: string;
  sections: LegalSection[];
  notice?: ReactNode;
}) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:py-16">
      <header className="max-w-3xl space-y-4">
        <p className="text-sm font-semibold uppercase tracking-wider text-primary">Documentos legais</p>
        <h1 className="text-balance text-4xl font-semibold tracking-tight sm:text-5xl">{title}</h1>
        <p className="text-sm text-muted">Última atualização: {updatedAt}</p>
        <p className="text-pretty text-lg leading-relaxed text-muted">{intro}</p>
      </header>

      {notice ? <div className="mt-10 max-w-3xl">{notice}</div> : null}

      <div className="mt-12 grid gap-10 lg:grid-cols-[17rem_minmax(0,1fr)] lg:gap-16">
        <nav
          id="indice"
          aria-labelledby="indice-titulo"
          className="scroll-mt-24 lg:sticky lg:top-24 lg:max-h-[calc(100dvh-7rem)] lg:self-start lg:overflow-y-auto"
        >
          <div className="rounded-xl border border-border bg-surface p-4 shadow-soft">
            <h2 id="indice-titulo" className="px-2 pb-2 text-sm font-semibold uppercase tracking-wider text-muted">
              Nesta página
            </h2>
            <ol className="space-y-0.5 text-sm">
              {sections.map((section, index) => (
                <li key={section.id}>
                  <a
                    href={`#${section.id}`}
                    className="flex min-h-11 items-center gap-2 rounded-md px-2 py-1.5 text-muted transition-colors hover:bg-surface-2 hover:text-fg lg:min-h-9"
                  >
                    <span className="w-6 shrink-0 font-medium tabular-nums text-primary">{index + 1}.</span>
                    <span>{section.title}</span>
                  </a>
                </li>
              ))}
            </ol>
          </div>
        </nav>

        <div className="min-w-0 max-w-prose space-y-12">
          {sections.map((section, index) => (
            <section key={section.id} id={section.id} aria-labelledby={`${section.id}-titulo`} className="scroll-mt-24">
              <h2 id={`${section.id}-titulo`} className="text-balance text-2xl font-semibold tracking-tight">
                {index + 1}. {section.title}
              </h2>
              <div className="mt-4 space-y-4 leading-7">
                {section.blocks.map((block) => (
                  <LegalBlockView key={blockKey(block)} block={block} />
                ))}
              </div>
            </section>
          ))}
          <a
            href="#indice"
            className="inline-flex min-h-11 items-center gap-2 text-sm font-medium text-primary underline-offset-4 hover:underline"
          >
            <ArrowUp aria-hidden className="size-4" /> Voltar ao índice
          </a>
        </div>
      </div>
    </div>
  );
}
