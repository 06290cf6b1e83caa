import type { ReactNode } from "react";

export function WelcomeBanner({ name, children }: { name: string; children: ReactNode }) {
  const firstName = name.split(" ")[0] || name;
  return (
    <section className="relative overflow-hidden rounded-xl bg-primary p-6 text-primary-fg shadow-soft sm:p-8">
      <div aria-hidden className="absolute -right-10 -top-10 size-48 rounded-full bg-primary-fg/10" />
      <div aria-hidden className="absolute -bottom-16 right-24 size-40 rounded-full bg-primary-fg/5" />
      <div className="relative max-w-2xl space-y-2">
        <h2 className="text-2xl font-semibold wrap-anywhere">Que bom te ver por aqui, {firstName}!</h2>
        <p className="text-primary-fg/90">{children}</p>
      </div>
    </section>
  );
}
