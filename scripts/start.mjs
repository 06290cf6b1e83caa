// `npm start`: build what is missing, then run the server (which migrates and serves).
import { buildIfNeeded } from "./build.mjs";

await buildIfNeeded();
await import("../build/app/main.js");
