/**
 * The bundle's entry (build/app/main.js, scripts/build.mjs): starts the
 * embedded database's thread (server/early-start.ts), then loads the server
 * (server/main.ts). Apart because a module's static imports are all parsed
 * and run before its own code: from main.ts itself the thread would start
 * only after the half second of module loading it is meant to overlap
 * (docs/decisions/021).
 */
import "#server/early-start.ts";

await import("#server/main.ts");
