import type { ReactNode } from "react";
import { Link } from "react-router";
import { Logo } from "#web/components/logo.tsx";
import { Card } from "#web/components/ui/card.tsx";

/** The standalone frame of the account setup pages (like /reset-password): logo and one card. */
export function SetupCard({ children }: { children: ReactNode }) {
  return (
    <main className="flex min-h-dvh items-center justify-center p-4 sm:p-6">
      <Card className="w-full max-w-md space-y-6 p-6 sm:p-8">
        <Link to="/" aria-label="Sereno, página inicial" className="inline-flex rounded-md">
          <Logo />
        </Link>
        {children}
      </Card>
    </main>
  );
}
