import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // a separate output directory lets parallel builds (e.g. several developers' e2e runs) not clobber each other
  buildDirectory: process.env.BUILD_DIR || "build",
  future: { v8_middleware: false },
} satisfies Config;
