import type { ReactNode } from "react";
import { Link } from "react-router";
import { buttonClass } from "#web/components/ui/button.tsx";
import { cn } from "#web/lib/cn.ts";
import { WhatsAppButton } from "./whatsapp-button.tsx";

/** The closing band of a public page: a strong teal panel with the WhatsApp button (and Entrar). */
export function CallToAction({
  id,
  title,
  description,
  buttonLabel = "Fale com a gente no WhatsApp",
  message,
  showLogin = false,
  className,
}: {
  id: string;
  title: ReactNode;
  description: ReactNode;
  buttonLabel?: string;
  message?: string;
  showLogin?: boolean;
  className?: string;
}) {
  return (
    <section id={id} aria-labelledby={`${id}-titulo`} className={cn("px-4 py-16 sm:py-24", className)}>
      <div className="relative mx-auto max-w-6xl overflow-hidden rounded-2xl bg-primary px-5 py-12 text-primary-fg shadow-raised sm:px-12 sm:py-16 dark:border dark:border-primary/40 dark:bg-primary-soft dark:text-fg">
        <svg
          aria-hidden
          viewBox="0 0 400 400"
          className="pointer-events-none absolute -right-24 -bottom-32 size-96 opacity-20 sm:-right-12"
          fill="none"
        >
          {[60, 110, 160, 200].map((r) => (
            <circle
              key={r}
              cx="200"
              cy="200"
              r={r}
              strokeWidth="1.5"
              className="stroke-primary-fg dark:stroke-primary"
            />
          ))}
        </svg>
        <div className="relative max-w-2xl space-y-4">
          <h2 id={`${id}-titulo`} className="text-balance text-3xl font-semibold tracking-tight sm:text-4xl">
            {title}
          </h2>
          <p className="text-pretty text-lg leading-relaxed text-primary-fg/90 dark:text-fg/90">{description}</p>
          <div className="flex flex-col gap-3 pt-2 sm:flex-row sm:flex-wrap">
            <WhatsAppButton
              message={message}
              className="bg-primary-fg px-4 text-center text-primary shadow-none sm:px-6 hover:bg-primary-fg hover:opacity-90 dark:bg-primary dark:text-primary-fg dark:hover:bg-primary-hover dark:hover:opacity-100"
            >
              {buttonLabel}
            </WhatsAppButton>
            {showLogin ? (
              <Link
                to="/login"
                className={cn(
                  buttonClass("secondary", "lg"),
                  "border-primary-fg/50 bg-transparent text-primary-fg hover:bg-primary-fg/10 dark:border-border dark:bg-surface dark:text-fg dark:hover:bg-surface-2",
                )}
              >
                Entrar
              </Link>
            ) : null}
          </div>
        </div>
      </div>
    </section>
  );
}
