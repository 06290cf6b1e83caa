import { renderSVG } from "uqr";
import type { ActivationPoster as PosterData } from "#core/schemas/passkeys.ts";
import { Logo } from "#web/components/logo.tsx";

/**
 * One printable A4 poster (docs/decisions/045): the company's /ativar address
 * and its QR code, for one establishment. Printed, it is the only thing on
 * the page (the app shell hides itself in print). The brand on top, and a QR
 * code of 10 cm on paper (its dark modules over 8 cm once the white margin is
 * taken off), readable from a step back (issue 45, minor list).
 */
export function ActivationPoster({ poster, establishment }: { poster: PosterData; establishment: string | null }) {
  // The QR code is drawn from our own address string, never from user HTML.
  const svg = renderSVG(poster.activationUrl, { border: 2, ecc: "M" });
  return (
    <article
      aria-label={`Cartaz de ativação${establishment ? `, ${establishment}` : ""}`}
      className="mx-auto flex max-w-2xl flex-col items-center gap-6 rounded-2xl border border-border bg-surface p-6 text-center sm:p-10 print:min-h-[95vh] print:max-w-none print:justify-center print:border-0 print:bg-white print:text-black"
    >
      <Logo className="text-2xl print:text-black [&_svg]:size-12" />
      <p className="text-sm font-medium uppercase tracking-wide text-muted print:text-black">
        {poster.companyName}
        {establishment ? ` · ${establishment}` : ""}
      </p>
      {/* Balanced, so "Sereno" never ends up alone on the last line (issue 45, minor list). */}
      <h2 className="text-balance text-3xl font-semibold leading-tight sm:text-4xl">
        Cuide do seu <span className="whitespace-nowrap">bem-estar</span> com o Sereno
      </h2>
      <p className="max-w-md text-lg">
        Não tem e-mail da empresa? Ative seu acesso com o CPF e a matrícula, em menos de um minuto.
      </p>
      <div
        role="img"
        aria-label={`QR code para ${poster.activationUrl}`}
        className="size-56 rounded-xl bg-white p-2 sm:size-64 print:size-[10cm]! [&>svg]:size-full"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: uqr's SVG of our own URL, no user markup.
        dangerouslySetInnerHTML={{ __html: svg }}
      />
      <p className="break-all font-mono text-base">{poster.activationUrl}</p>
      <ol className="grid gap-3 text-left text-base sm:grid-cols-3">
        <li>
          <strong>1.</strong> Aponte a câmera do celular para o código.
        </li>
        <li>
          <strong>2.</strong> Informe seu CPF e sua matrícula.
        </li>
        <li>
          <strong>3.</strong> Crie sua chave de acesso com a digital ou o rosto.
        </li>
      </ol>
      <p className="text-sm text-muted print:text-black">
        Suas respostas são privadas: a empresa só vê dados agregados e anônimos.
      </p>
    </article>
  );
}
