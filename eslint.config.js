import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
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
);
