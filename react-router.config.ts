import type { Config } from "@react-router/dev/config";

/** The public pages are prerendered to real HTML; everything else is a client-rendered SPA. */
export const prerenderedPaths = ["/", "/recursos", "/sobre", "/privacidade", "/termos", "/login"];

export default {
  appDirectory: "web",
  buildDirectory: "build",
  ssr: false,
  prerender: prerenderedPaths,
} satisfies Config;
