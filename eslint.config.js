import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import importX from "eslint-plugin-import-x";
import globals from "globals";

export default tseslint.config(
  { ignores: ["build/", "build-*/", "node_modules/", ".react-router/", "data/", "coverage/", "drizzle/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "no-restricted-syntax": [
        "error",
        { selector: "MemberExpression[object.name='Date'][property.name='now']", message: "Use the injectable clock (app/shared/clock.ts)." },
        {
          selector: "ThrowStatement > CallExpression[callee.name='data']",
          message: "Throw refusal(body, status) (app/.server/http/refuse.ts): a thrown data() without a status text reaches data requests as 'Internal Server Error'.",
        },
      ],
      "no-restricted-properties": [
        "error",
        { object: "process", property: "env", message: "Read configuration through app/.server/config.ts." },
      ],
    },
  },
  {
    files: ["app/.server/config.ts", "app/.server/db/testing.ts", "tests/**", "bench/**", "*.config.ts", "server.js", "bin/**"],
    rules: { "no-restricted-properties": "off", "no-restricted-syntax": "off" },
  },
  {
    files: ["**/*.js"],
    languageOptions: { globals: globals.node },
  },
  // ── boundaries of the code (issue 24, docs/decisions/0038-flows-and-boundaries.md) ──────────────────────
  {
    files: ["app/**/*.{ts,tsx}", "server.ts"],
    ignores: ["**/*.test.ts", "**/testing.ts"],
    plugins: { "import-x": importX },
    settings: { "import-x/resolver-next": [importX.createNodeResolver({ extensions: [".ts", ".tsx", ".js"] })] },
    rules: {
      "import-x/no-restricted-paths": [
        "error",
        {
          zones: [
            { target: ["./app/shared", "./app/ui", "./app/features"], from: "./app/.server", message: "Browser code never imports server code." },
            { target: "./app/.server", from: ["./app/routes", "./app/features", "./app/ui", "./app/root.tsx"], message: "Server code never imports pages." },
            { target: ["./app/shared", "./app/ui"], from: ["./app/features", "./app/routes"], message: "Shared pieces never import a screen." },
            {
              target: "./app/.server/!(flows|management)/**",
              from: ["./app/.server/flows", "./app/.server/registry.ts"],
              message: "Modules never import upwards: a use case spanning modules is a flow (app/.server/flows/), and only server.ts uses the registry.",
            },
            { target: "./app/.server/flows", from: "./app/.server/management", message: "Flows never import the staff desk (it calls them)." },
          ],
        },
      ],
      // a module reaches another only through its service.ts (db/ and a few leaf helpers are shared infrastructure)
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["../*/*", "!../*/service", "!../db/*", "!../db/schema/*", "!../http/*", "!../cli/*", "!../*/cli", "!../mail/outbox", "!../seller/env", "!../payments/gateway", "!../accounts/passwords", "!../delivery/rules", "!../catalog/data", "!../site/pages", "!../flows/*",
                // signing and checking print links (HMAC, no module imports): invoices' mails carry them, and
                // printing/service reads invoices, so through the service it would be a cycle
                "!../printing/links"],
              message: "Reach another module through its service.ts (docs/decisions/0038).",
            },
          ],
        },
      ],
    },
  },
  {
    // the resolver above does not follow the "~/" alias: these name the same boundaries for aliased imports
    files: ["app/features/**/*.{ts,tsx}", "app/ui/**/*.{ts,tsx}", "app/shared/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["~/.server/*", "**/.server/*"], allowTypeImports: true, message: "Browser code never imports server code (types only)." },
            // a screen's component takes its route's generated props type; the route renders the screen (decision 0061)
            { group: ["~/routes/*", "**/routes/*", "!**/routes/+types/*"], allowTypeImports: true, message: "A screen imports only its route's props type (routes/+types), never a route module." },
          ],
        },
      ],
    },
  },
  {
    files: ["app/routes/**/*.{ts,tsx}", "app/root.tsx"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["~/.server/*/*", "!~/.server/*/service", "!~/.server/flows/*", "!~/.server/http/*", "!~/.server/delivery/rules", "!~/.server/site/pages", "!~/.server/fortune/http", "!~/.server/seller/env", "!~/.server/payments/gateway", "!~/.server/checkout/contracts", "!~/.server/management/*", "!~/.server/catalog/search"],
              allowTypeImports: true,
              message: "A route calls a module's service.ts or a flow (docs/decisions/0038).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["app/.server/**/*.ts"],
    plugins: { "import-x": importX },
    settings: { "import-x/resolver-next": [importX.createNodeResolver({ extensions: [".ts", ".tsx", ".js"] })] },
    rules: { "import-x/no-cycle": ["error", { ignoreExternal: true }] },
  },
);
