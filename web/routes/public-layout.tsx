import { Outlet } from "react-router";
import { PublicFooter } from "#web/components/public-footer.tsx";
import { PublicHeader } from "#web/components/public-header.tsx";
import { SkipLink } from "#web/components/skip-link.tsx";
import type { PageHandle } from "#web/root.tsx";

/** Prerendered as plain HTML: signed-out visitors load no app bundle (docs/decisions/021). */
export const handle: PageHandle = { staticPage: true };

export default function PublicLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <PublicHeader />
      <main id="conteudo" className="flex-1">
        <Outlet />
      </main>
      <PublicFooter />
    </div>
  );
}
