import { Spinner } from "#web/components/ui/spinner.tsx";

/** What a guarded screen shows while the session loads (spec 2: 'Carregando...'). */
export function LoadingScreen() {
  return (
    <div className="flex min-h-[60dvh] items-center justify-center">
      <Spinner label="Carregando..." />
    </div>
  );
}
