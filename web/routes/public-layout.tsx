import { Outlet } from "react-router";
import { PublicFooter } from "#web/components/public-footer.tsx";
import { PublicHeader } from "#web/components/public-header.tsx";
import type { PageHandle } from "#web/root.tsx";

/** Prerendered as plain HTML: signed-out visitors load no app bundle (docs/decisions/021). */
export const handle: PageHandle = { staticPage: true };

export default function PublicLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#conteudo"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded-md focus:bg-surface focus:p-2"
      >
        Pular para o conteúdo
      </a>
      <PublicHeader />
      <main id="conteudo" className="flex-1">
        <Outlet />
      </main>
      <PublicFooter />
    </div>
  );
}
