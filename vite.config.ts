import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";

const zodLocale = fileURLToPath(new URL("./core/zod-locale.ts", import.meta.url));

/**
 * zod's pt-BR messages (core/zod-locale.ts) load with zod itself, wherever the
 * browser loads zod: every `import … from "zod"` of the web build goes through
 * a module that also imports the locale. So the root, which every page loads,
 * does not need zod, and the pages without forms (the dashboard) skip it
 * (docs/decisions/021).
 */
function zodWithLocale(): Plugin {
  const withLocale = "\0zod-with-pt-br-locale";
  return {
    name: "sereno:zod-with-locale",
    enforce: "pre",
    resolveId(id, importer) {
      if (id === "zod" && importer !== withLocale && importer !== zodLocale) return withLocale;
    },
    load(id) {
      if (id === withLocale) return `import ${JSON.stringify(zodLocale)};\nexport * from "zod";\n`;
    },
  };
}

/** `[\\/]`: a path separator on any system. */
const inNodeModules = (names: string) => new RegExp(`node_modules[\\\\/](${names})[\\\\/]`);
const dialogLibraries = inNodeModules(
  "@radix-ui[\\\\/]react-(dialog|alert-dialog|dismissable-layer|focus-scope|focus-guards|portal)|react-remove-scroll|react-remove-scroll-bar|tslib|react-style-singleton|use-sidecar|use-callback-ref|aria-hidden|get-nonce",
);
/**
 * Dialogs and drawers, libraries and our Radix panels: loaded when a dialog first opens
 * (web/components/ui/dialog.tsx), never with a page.
 */
const isDialog = (id: string) =>
  dialogLibraries.test(id) || /[\\/]web[\\/]components[\\/]ui[\\/][\w-]*(dialog|sheet)-panel\.tsx$/.test(id);
/** The charts library and what it brings: the reports' drawings load it on use (web/features/reports/deferred-drawing.tsx). */
const chartLibraries = inNodeModules(
  "recharts|victory-vendor|d3-[\\w-]+|internmap|@reduxjs[\\\\/]toolkit|redux|redux-thunk|reselect|immer|react-redux|use-sync-external-store|es-toolkit|eventemitter3|decimal\\.js-light|tiny-invariant",
);
/** Radix's widgets and our components on them: the pages with a radio group, switch, tabs or progress bar load them; the shell does not. */
const widgetLibraries = inNodeModules(
  "@radix-ui[\\\\/]react-(radio-group|roving-focus|collection|switch|tabs|progress|use-size|use-previous|direction)",
);
const isWidget = (id: string) =>
  widgetLibraries.test(id) || /[\\/]web[\\/]components[\\/]ui[\\/](tabs|switch|progress-bar)\.tsx$/.test(id);
/**
 * Core rules of a few screens alone, shared by several of their chunks but needed by no other page,
 * so never in the shared chunk every page loads: the NR-1 screens and their figures (their tabs load apart,
 * web/routes/risks.tsx), the Canal de escuta's (docs/decisions/049) and the company sign-in's
 * texts (/login and Administração, docs/decisions/047, 048), the Registro de acessos' labels, the care
 * questionnaires (/care and the agenda, docs/decisions/079), the WHO-5's text and rules (the Painel,
 * Meu bem-estar and Configurações, docs/decisions/077), and the company keys' texts and Resultados' rules
 * (Importar pessoas and Resultados, docs/decisions/088), the WhatsApp channel's (Configurações and
 * Administração, docs/decisions/092), the re-measured actions and the Lei 14.457 file (docs/decisions/090, 091),
 * care's rules (the care screens and the company's care settings), the roster's (Importar pessoas), the
 * streak's and the crisis card's (the check-in and Ajuda), the new-password fields (four forms), the
 * certificate signing form with the signed documents' kinds (the NR-1 inventory and /conformidade, decision 098)
 * and each area's texts (`core/<area>-messages.ts`: only that area's pages load them; the shell's are in core/messages.ts).
 */
const isFeatureCore = (id: string) =>
  /[\\/]core[\\/]questionnaires[\\/]/.test(id) ||
  /[\\/]web[\\/]components[\\/](new-password-fields|certificate-sign-form)\.tsx$/.test(id) ||
  /[\\/]core[\\/](signed-documents|risk-[\w-]+|nr1-figures|cnpj|care|roster|streak|passwords|support-card|listening|listening-messages|sensitive-text|sso-messages|scim-messages|audit-labels|who5|roster-messages|roster-api-messages|resultados|resultados-messages|resultados-policies|whatsapp|whatsapp-messages|action-effect|compliance|compliance-messages|disclosure|figure-policy|team-metrics|insights|(auth|settings|check-in|exercise|team|admin|care|privacy|reward|group-session)-messages)\.ts$/.test(
    id,
  );
/**
 * Passkeys and recovery codes (docs/decisions/045, 055): only /login, Configurações, /ativar and /recuperar
 * use them, so their texts and components stay out of the shared chunk every page loads.
 */
const isPasskeyScreens = (id: string) =>
  /[\\/](core[\\/](passkey-messages|recovery-code)\.ts|web[\\/]lib[\\/]passkey-ceremony\.ts|web[\\/]components[\\/]recovery-code-reveal\.tsx)$/.test(
    id,
  );
/**
 * The pt-BR date field and what only it uses (docs/decisions/053): the forms with a date load
 * them (their own chunk), never the shared chunk every page loads; its calendar loads on use.
 */
const isDateField = (id: string) =>
  /[\\/]web[\\/](components[\\/]date-(field|calendar)\.tsx|lib[\\/]date-text\.ts)$/.test(id) ||
  /[\\/]core[\\/](date-input|date-field-messages)\.ts$/.test(id);
/** zod and the form libraries, with the locale and the text rule every schema uses. */
const zodLibraries = (id: string) =>
  inNodeModules("zod|react-hook-form|@hookform").test(id) ||
  /[\\/]core[\\/](text|zod-locale)\.ts$/.test(id) ||
  id.includes("zod-with-pt-br-locale");
/** Those, and our modules that build zod schemas when they load (docs/decisions/021). */
const needsZod = (id: string) => zodLibraries(id) || /[\\/]core[\\/](schemas[\\/]|instruments[\\/]|risks\.ts)/.test(id);

export default defineConfig({
  plugins: [tailwindcss(), zodWithLocale(), reactRouter()],
  server: { proxy: { "/api": "http://localhost:3000" } },
  build: {
    // WEB_SOURCEMAP=1: source maps, and WEB_MINIFY=0: readable names, to read a CPU profile of the built
    // app (docs/decisions/021).
    sourcemap: process.env.WEB_SOURCEMAP === "1",
    minify: process.env.WEB_MINIFY !== "0",
    rolldownOptions: {
      output: {
        /**
         * A few larger chunks instead of one per shared module (it was about
         * 60 files for /login and 100 for /dashboard, many of them a single
         * icon of a few hundred bytes, each a request on a slow connection):
         * what every app page runs, the forms' libraries (not on the
         * dashboard), dialogs (not on /login), the icons and the other
         * libraries and app code that two or more routes share. A
         * module only one route uses stays in that route's chunk. The
         * charts (recharts) are a chunk of their own that the reports'
         * drawings import when they come into view, never part of a
         * first load (docs/decisions/021; scripts/js-budget.mjs judges it).
         */
        codeSplitting: {
          groups: [
            {
              name: "framework",
              test: inNodeModules(
                "react|react-dom|scheduler|react-router|@tanstack|tailwind-merge|clsx|class-variance-authority",
              ),
              priority: 6,
            },
            // Under the framework (a group takes its modules' dependencies, React among them), over the vendor chunk.
            { name: "charts", test: chartLibraries, priority: 5 },
            { name: "icons", test: inNodeModules("lucide-react"), minShareCount: 2, priority: 4 },
            {
              name: "vendor",
              // uqr draws the QR codes of two screens only (the activation poster, a training's attendance).
              test: (id) =>
                !needsZod(id) &&
                !isDialog(id) &&
                !isWidget(id) &&
                !/node_modules[\\/]uqr[\\/]/.test(id) &&
                /node_modules/.test(id),
              minShareCount: 2,
              priority: 4,
            },
            {
              name: "shared",
              test: (id) =>
                !needsZod(id) &&
                !isDialog(id) &&
                !isWidget(id) &&
                !isFeatureCore(id) &&
                !isDateField(id) &&
                !isPasskeyScreens(id) &&
                /[\\/](web[\\/](lib|components)|core)[\\/]/.test(id),
              minShareCount: 2,
              priority: 3,
            },
            { name: "forms", test: zodLibraries, priority: 2 },
            {
              name: "dialogs",
              test: isDialog,
              minShareCount: 2,
              priority: 1,
            },
          ],
        },
      },
    },
  },
});
