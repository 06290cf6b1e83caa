/**
 * The document and the providers every screen shares: query client, toasts,
 * theme boot script, crash fallback. Titles are set by each route's meta().
 */
import "./app.css";
import { QueryClientProvider } from "@tanstack/react-query";
import { useContext, useEffect, useLayoutEffect, useState, useSyncExternalStore } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  UNSAFE_FrameworkContext,
  useMatches,
} from "react-router";
import { AppToaster } from "#web/components/app-toaster.tsx";
import { CrashFallback } from "#web/components/crash-fallback.tsx";
import { LoadingScreen } from "#web/components/loading-screen.tsx";
import { OfflineBanner } from "#web/components/offline-banner.tsx";
import { contactNumber } from "#web/lib/contact.ts";
import { cspNonce, shareNonceWithStyleInjectors } from "#web/lib/csp-nonce.ts";
import { earlyMeScript } from "#web/lib/early-me.ts";
import { dropFirstFrame } from "#web/lib/first-frame.ts";
import { legalMetaTags } from "#web/lib/legal-config.ts";
import { createQueryClient } from "#web/lib/query-client.ts";
import { registerServiceWorker } from "#web/lib/service-worker.ts";
import { currentTheme, subscribeTheme, themeBootScript } from "#web/lib/theme.ts";
import type { Route } from "./+types/root";

shareNonceWithStyleInjectors();

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.ico", sizes: "48x48" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  // Installable app (docs/decisions/027).
  { rel: "manifest", href: "/manifest.webmanifest" },
  { rel: "apple-touch-icon", href: "/icons/apple-touch-icon.png", sizes: "180x180" },
];

/** A route whose `handle` says `{ staticPage: true }` is prerendered without the app (docs/decisions/021). */
export type PageHandle = { staticPage?: boolean };

/**
 * Only while prerendering a page (not the SPA fallback, which renders the root
 * alone for every app path): in the browser the app is already running.
 */
function useIsStaticPage(): boolean {
  const matches = useMatches();
  const framework = useContext(UNSAFE_FrameworkContext);
  return (
    typeof document === "undefined" &&
    !framework?.isSpaMode &&
    matches.some((match) => (match.handle as PageHandle | undefined)?.staticPage)
  );
}

export function Layout({ children }: { children: React.ReactNode }) {
  const isStatic = useIsStaticPage();
  return (
    <html lang="pt-BR" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0f6e64" />
        <meta name="apple-mobile-web-app-title" content="Sereno" />
        <meta name="sereno-contact" content={contactNumber()} />
        <meta name="csp-nonce" content={cspNonce()} />
        {legalMetaTags().map((tag) => (
          <meta key={tag.name} name={tag.name} content={tag.content} />
        ))}
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: a constant, allowed by its CSP hash */}
        <script dangerouslySetInnerHTML={{ __html: themeBootScript }} />
        {isStatic ? null : (
          // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant, allowed by its CSP hash
          <script dangerouslySetInnerHTML={{ __html: earlyMeScript }} />
        )}
        {isStatic ? <meta name="sereno-page" content="static" /> : null}
        <Meta />
        <Links />
        {isStatic ? <script type="module" src="/static-page.js" /> : null}
      </head>
      <body>
        {children}
        {isStatic ? null : (
          <>
            <ScrollRestoration />
            <Scripts />
          </>
        )}
      </body>
    </html>
  );
}

export default function App() {
  const [queryClient] = useState(createQueryClient);
  const theme = useSyncExternalStore(subscribeTheme, currentTheme, () => "light" as const);
  useEffect(registerServiceWorker, []);
  return (
    <QueryClientProvider client={queryClient}>
      <OfflineBanner />
      <Outlet />
      <AppToaster theme={theme} />
    </QueryClientProvider>
  );
}

export function HydrateFallback() {
  return <LoadingScreen />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  // A crash while the app layout draws the shell shows here, not behind the server's first frame.
  useLayoutEffect(dropFirstFrame, []);
  if (isRouteErrorResponse(error) && error.status === 404) return <CrashFallback notFound />;
  return <CrashFallback />;
}
