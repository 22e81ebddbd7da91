import { describe, expect, it } from "vitest";
import QRCode from "qrcode";
import type { AppContext } from "../context";
import { newCode, qrSvg, shortAddress, viewerUrl } from "./service";

/** Reads the dark modules back out of the SVG the qrcode package draws (runs of 'h' strokes on rows at y + .5). */
function modulesOfSvg(svg: string): { size: number; dark: Set<string> } {
  const size = Number(/viewBox="0 0 (\d+) \d+"/.exec(svg)![1]);
  const d = /<path stroke="#000000" d="([^"]+)"/.exec(svg)![1]!;
  const dark = new Set<string>();
  let x = 0;
  let y = 0;
  for (const [, cmd, a, b] of d.matchAll(/([MmHh])(-?[\d.]+)(?:[ ,](-?[\d.]+))?/g)) {
    const n = Number(a);
    if (cmd === "M") [x, y] = [n, Number(b)];
    else if (cmd === "m") [x, y] = [x + n, y + Number(b)];
    else {
      for (let i = 0; i < n; i++) dark.add(`${x + i},${Math.floor(y)}`);
      x += n;
    }
  }
  return { size, dark };
}

describe("QR content of the printed note", () => {
  const app = { config: { publicUrl: "https://kurabiyeatolyesi.com.tr" } } as AppContext;

  it("points to the recipient's page /s/{code}; the short address ends with the code", () => {
    const code = newCode();
    expect(code).toMatch(/^[A-Za-z0-9_-]{12}$/);
    expect(viewerUrl(app, code)).toBe(`https://kurabiyeatolyesi.com.tr/s/${code}`);
    expect(shortAddress(app, code)).toBe(`kurabiyeatolyesi.com.tr/s/${code}`);
    expect(shortAddress(app, code).endsWith(code)).toBe(true);
  });

  it("the SVG draws exactly the QR symbol whose data is the viewer address", async () => {
    const url = viewerUrl(app, "AbC-12_xyZ90");
    const svg = await qrSvg(url);
    const symbol = QRCode.create(url, { errorCorrectionLevel: "M" });
    // the symbol carries the address as one byte segment, nothing else
    expect(symbol.segments.map((s) => Buffer.from((s as unknown as { data: Uint8Array }).data).toString())).toEqual([url]);
    const drawn = modulesOfSvg(svg);
    const margin = 1;
    expect(drawn.size).toBe(symbol.modules.size + 2 * margin);
    const expected = new Set<string>();
    for (let r = 0; r < symbol.modules.size; r++)
      for (let c = 0; c < symbol.modules.size; c++) if (symbol.modules.get(r, c)) expected.add(`${c + margin},${r + margin}`);
    expect(drawn.dark).toEqual(expected);
  });

  it("different codes give different symbols", async () => {
    expect(await qrSvg(viewerUrl(app, "aaaaaaaaaaaa"))).not.toBe(await qrSvg(viewerUrl(app, "aaaaaaaaaaab")));
  });
});
