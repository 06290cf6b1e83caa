/**
 * The public module of resultados: what other features and the app may import from it (docs/decisions/087).
 * Every other file of server/features/resultados/ is private to it; tests may reach inside.
 */

export { readResultados } from "./read-resultados.ts";
export { resultadosJobs } from "./resultados.jobs.ts";
export { resultadosPlugin } from "./resultados.plugin.ts";
