import { cn } from "#web/lib/cn.ts";

/** 'Pular para o conteúdo': the first stop of the keyboard, to the page's <main id="conteudo">. */
export function SkipLink({ className }: { className?: string }) {
  return (
    <a
      href="#conteudo"
      className={cn(
        "sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded-md focus:bg-surface focus:p-2",
        className,
      )}
    >
      Pular para o conteúdo
    </a>
  );
}
