// Prints rows as a Markdown table (pastes into a closing note as is).
export function printTable(head, rows) {
  const cells = [head, ...rows].map((r) => r.map((c) => String(c)));
  const widths = head.map((_, i) => Math.max(...cells.map((r) => r[i].length)));
  const line = (r) => `| ${r.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(" | ")} |`;
  console.log(line(cells[0]));
  console.log(`|${widths.map((w, i) => (i === 0 ? "-".repeat(w + 2) : `${"-".repeat(w + 1)}:`)).join("|")}|`);
  for (const r of cells.slice(1)) console.log(line(r));
}
