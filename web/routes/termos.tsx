import { LifeBuoy, Phone } from "lucide-react";
import { buttonClass } from "#web/components/ui/button.tsx";
import { legalTextFor } from "#web/features/legal/fill-placeholders.ts";
import { LegalPage } from "#web/features/legal/legal-page.tsx";
import { termsOfUse as text } from "#web/features/legal/terms-of-use.ts";
import { legalConfig } from "#web/lib/legal-config.ts";
import { shareMeta } from "#web/lib/share-meta.ts";

export function meta() {
  return shareMeta({
    title: "Termos de Uso | Sereno",
    description:
      "As regras de uso da plataforma Sereno. Em crise, ligue para o CVV no 188 ou para o SAMU no 192: o Sereno não é um serviço de emergência.",
    path: "/termos",
  });
}

const crisisLines = [
  { number: "188", label: "CVV", detail: "Apoio emocional, 24 horas" },
  { number: "192", label: "SAMU", detail: "Emergências médicas" },
];

/** Spec 2: the mental-health warning with the crisis lines, shown before anything else in the terms. */
function CrisisWarning({ title, text }: { title: string; text: string }) {
  return (
    <div
      role="note"
      aria-labelledby="aviso-crise-titulo"
      className="rounded-xl border-2 border-accent bg-accent-soft p-6 sm:p-8"
    >
      <div className="flex flex-col gap-4 sm:flex-row sm:gap-5">
        <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-surface text-accent shadow-soft">
          <LifeBuoy aria-hidden className="size-6" strokeWidth={1.75} />
        </span>
        <div className="space-y-3">
          <h2 id="aviso-crise-titulo" className="text-xl font-semibold">
            {title}
          </h2>
          <p className="leading-7">{text}</p>
          <ul className="flex flex-col gap-3 pt-2 sm:flex-row">
            {crisisLines.map((line) => (
              <li key={line.number}>
                <a
                  href={`tel:${line.number}`}
                  className={buttonClass(line.number === "188" ? "accent" : "secondary", "lg")}
                >
                  <Phone aria-hidden className="size-5" strokeWidth={1.75} />
                  <span>
                    {line.label}: <strong className="font-semibold">{line.number}</strong>
                  </span>
                  <span className="sr-only">({line.detail})</span>
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </div>
  );
}

export default function TermosPage() {
  const termsOfUse = legalTextFor(text, legalConfig());
  return (
    <LegalPage
      title="Termos de Uso"
      updatedAt={termsOfUse.updatedAt}
      intro={termsOfUse.intro}
      sections={termsOfUse.sections}
      notice={<CrisisWarning {...termsOfUse.crisisWarning} />}
    />
  );
}
