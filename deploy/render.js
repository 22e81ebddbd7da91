#!/usr/bin/env node
// Renders a deploy template: `${UPPER_CASE}` names are replaced by environment variables (nginx's own
// `$lower_case` variables are left as they are); a line that names `${SHOP_PORT}` is written once per port of
// SHOP_PORTS ("3001 3002"). A name without a value stops with one line naming it.
//   node deploy/render.js deploy/nginx/kurabiye.conf.template > /etc/nginx/conf.d/kurabiye.conf
// Variables come from the environment; `--env FILE` reads KEY=VALUE lines from FILE first (e.g. deploy/kurabiye.env).
import { readFileSync } from "node:fs";

const args = process.argv.slice(2);
const vars = {};
const envAt = args.indexOf("--env");
if (envAt >= 0) {
  for (const line of readFileSync(args[envAt + 1], "utf8").split("\n")) {
    const m = /^\s*([A-Z][A-Z0-9_]*)=(.*)$/.exec(line);
    if (m) vars[m[1]] = m[2].trim().replace(/^"(.*)"$/, "$1");
  }
  args.splice(envAt, 2);
}
Object.assign(vars, process.env);
const [template] = args;
if (!template) {
  console.error("usage: node deploy/render.js [--env FILE] TEMPLATE > OUTPUT");
  process.exit(2);
}
const ports = (vars.SHOP_PORTS ?? "").split(/[\s,]+/).filter(Boolean);
const out = [];
const fill = (line, extra = {}) =>
  line.replace(/\$\{([A-Z][A-Z0-9_]*)\}/g, (_, name) => {
    const v = extra[name] ?? vars[name];
    if (v === undefined || v === "") {
      console.error(`render: ${name} is not set (needed by ${template})`);
      process.exit(1);
    }
    return v;
  });
for (const line of readFileSync(template, "utf8").split("\n")) {
  if (line.includes("${SHOP_PORT}") && !line.trimStart().startsWith("#")) {
    if (ports.length === 0 || ports.some((p) => !/^\d{1,5}$/.test(p))) {
      console.error("render: SHOP_PORTS must list the shop processes' ports, e.g. SHOP_PORTS=\"3001 3002\"");
      process.exit(1);
    }
    for (const port of ports) out.push(fill(line, { SHOP_PORT: port }));
  } else if (line.trimStart().startsWith("#")) {
    out.push(line);
  } else {
    out.push(fill(line));
  }
}
process.stdout.write(out.join("\n"));
