/** The QR code shown at a training's session: people scan it to mark their own attendance, on its day. */
import { renderSVG } from "uqr";

export function TrainingQr({ code }: { code: string }) {
  const url = `${window.location.origin}/treinamento/presenca?codigo=${encodeURIComponent(code)}`;
  // Drawn from our own address string, never from user HTML.
  const svg = renderSVG(url, { border: 2, ecc: "M" });
  return (
    <details className="mt-3 text-sm">
      <summary className="min-h-11 cursor-pointer py-2 font-medium text-primary">
        Mostrar o QR code de presença de hoje
      </summary>
      <div className="flex flex-col items-center gap-2 py-2">
        <div
          role="img"
          aria-label="QR code de presença"
          className="size-56 rounded-xl bg-white p-2 [&>svg]:size-full"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: uqr's SVG of our own URL, no user markup.
          dangerouslySetInnerHTML={{ __html: svg }}
        />
        <p className="text-center text-muted">Quem participa aponta a câmera do celular e entra com a própria conta.</p>
      </div>
    </details>
  );
}
