import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // a separate output directory lets parallel builds (e.g. several developers' e2e runs) not clobber each other
  buildDirectory: process.env.BUILD_DIR || "build",
  future: { v8_middleware: false },
  // the origin of every state-changing request is checked in front of the router (server.ts: sameOriginGuard),
  // with Turkish answers and the payment provider's signed 3-D Secure callback let through; the router's own
  // check would answer in English and refuse that callback, so it is left to the guard
  allowedActionOrigins: ["**"],
} satisfies Config;
