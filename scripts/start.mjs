// `npm start`: build what is missing, then run the server (which migrates and serves). One line per step;
// the build tools' output only when a step fails; the server ends with a framed block (address, and on
// the first start the admin's password: server/start-banner.ts).
import { buildIfNeeded } from "./build.mjs";

const step = (text) => console.log(`• ${text}`);

try {
  await buildIfNeeded({ quiet: true, step });
} catch (error) {
  console.error(`\nA construção do Sereno falhou (a saída da ferramenta está acima). ${error.message}`);
  process.exit(1);
}
step("Preparando o banco de dados e iniciando o servidor…");
await import("../build/app/main.js");
