#!/usr/bin/env node
// Draws the shop's own lightweight product illustrations as SVG (no photos, no fonts, a few KB each):
//   public/img/products/*.svg  cookies (top, inside, stack), packs, gift and corporate boxes, add-ons
//   public/img/boxes/*.svg     box types overlaid on product images
//   public/img/hedef81/*.svg   the 38 HEDEF81 winning cities (landscape cards)
// Deterministic: running it again gives the same files. Usage: node scripts/make-product-images.js
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const ROOT = new URL("../public/img/", import.meta.url).pathname;

function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const hash = (s) => [...s].reduce((h, c) => (Math.imul(h, 31) + c.charCodeAt(0)) >>> 0, 7);
const r1 = (n) => Math.round(n * 10) / 10;

function svg(w, h, body) {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${body}</svg>\n`;
}

function shade(hex, f) {
  const n = parseInt(hex.slice(1), 16);
  const c = [n >> 16, (n >> 8) & 255, n & 255].map((v) => Math.max(0, Math.min(255, Math.round(f < 0 ? v * (1 + f) : v + (255 - v) * f))));
  return `#${c.map((v) => v.toString(16).padStart(2, "0")).join("")}`;
}

/** An irregular round cookie at (cx, cy) with radius r, chocolate chunks inside. */
function cookie(cx, cy, r, dough, chunk, seed, chunks = 9) {
  const rnd = prng(seed);
  const pts = [];
  for (let i = 0; i < 18; i++) {
    const a = (i / 18) * Math.PI * 2;
    const rr = r * (0.94 + rnd() * 0.08);
    pts.push(`${r1(cx + Math.cos(a) * rr)},${r1(cy + Math.sin(a) * rr)}`);
  }
  let out = `<polygon points="${pts.join(" ")}" fill="${shade(dough, -0.18)}"/>`;
  out += `<circle cx="${cx}" cy="${cy}" r="${r1(r * 0.86)}" fill="${dough}"/>`;
  for (let i = 0; i < 5; i++) {
    out += `<circle cx="${r1(cx + (rnd() - 0.5) * r)}" cy="${r1(cy + (rnd() - 0.5) * r)}" r="${r1(r * (0.05 + rnd() * 0.05))}" fill="${shade(dough, -0.08)}"/>`;
  }
  for (let i = 0; i < chunks; i++) {
    const a = rnd() * Math.PI * 2;
    const d = Math.sqrt(rnd()) * r * 0.7;
    const x = cx + Math.cos(a) * d;
    const y = cy + Math.sin(a) * d;
    const s = r * (0.08 + rnd() * 0.07);
    out += `<polygon points="${r1(x - s)},${r1(y)} ${r1(x)},${r1(y - s * 0.9)} ${r1(x + s * 1.1)},${r1(y + s * 0.2)} ${r1(x + s * 0.1)},${r1(y + s)}" fill="${chunk}"/>`;
  }
  return out;
}

const PLATE = `<rect width="400" height="400" fill="#fbf6ef"/><ellipse cx="200" cy="215" rx="178" ry="170" fill="#f3e6d6"/>`;

function cookieTop(v) {
  return svg(400, 400, PLATE + cookie(200, 205, 150, v.dough, v.chunk, hash(v.slug), 11));
}
function cookieInside(v) {
  const rnd = prng(hash(v.slug) + 1);
  const half = (dx, rot, seed) =>
    `<g transform="translate(${dx} 0) rotate(${rot} 200 205)"><clipPath id="c${seed}"><rect x="${seed % 2 ? 40 : 200}" y="40" width="160" height="340"/></clipPath><g clip-path="url(#c${seed})">${cookie(200, 205, 140, v.dough, v.chunk, hash(v.slug), 9)}</g></g>`;
  let goo = "";
  for (let i = 0; i < 6; i++) goo += `<ellipse cx="${r1(196 + rnd() * 8)}" cy="${r1(110 + i * 32 + rnd() * 10)}" rx="${r1(10 + rnd() * 8)}" ry="${r1(8 + rnd() * 6)}" fill="${v.chunk}"/>`;
  return svg(400, 400, PLATE + half(-22, -6, 1) + half(22, 6, 2) + goo);
}
function cookieStack(v) {
  let out = PLATE;
  for (let i = 0; i < 3; i++) {
    const y = 290 - i * 55;
    out += `<ellipse cx="200" cy="${y + 12}" rx="150" ry="42" fill="${shade(v.dough, -0.3)}"/><ellipse cx="200" cy="${y}" rx="150" ry="42" fill="${shade(v.dough, -0.12)}"/>`;
  }
  out += `<g transform="translate(0 -50) scale(1 0.3) translate(0 ${r1(205 * 2.3)})">${cookie(200, 205, 146, v.dough, v.chunk, hash(v.slug), 10)}</g>`;
  return svg(400, 400, out);
}

const BOXES = {
  kraft: { body: "#b98a55", lid: "#a7773f", ribbon: null },
  hediye: { body: "#b3263a", lid: "#8f1c2e", ribbon: "#e0b04a" },
  heyecanli: { body: "#5b2f8a", lid: "#47206f", ribbon: "#f2c14e" },
  kurumsal: { body: "#1f3a5f", lid: "#16294a", ribbon: "#c9d3df" },
};

function box(kind, w, h) {
  const b = BOXES[kind];
  const s = w / 120;
  let out = `<rect x="${8 * s}" y="${26 * s}" width="${104 * s}" height="${58 * s}" rx="${4 * s}" fill="${b.body}"/><rect x="${4 * s}" y="${14 * s}" width="${112 * s}" height="${18 * s}" rx="${3 * s}" fill="${b.lid}"/>`;
  if (b.ribbon) {
    out += `<rect x="${54 * s}" y="${14 * s}" width="${12 * s}" height="${70 * s}" fill="${b.ribbon}"/><path d="M${60 * s} ${14 * s}c${-18 * s} ${-16 * s} ${-30 * s} ${-4 * s} ${-14 * s} 0zM${60 * s} ${14 * s}c${18 * s} ${-16 * s} ${30 * s} ${-4 * s} ${14 * s} 0z" fill="${b.ribbon}"/>`;
  } else {
    out += `<rect x="${40 * s}" y="${44 * s}" width="${40 * s}" height="${20 * s}" rx="${3 * s}" fill="#f3e6d6"/>`;
  }
  if (kind === "heyecanli") {
    for (const [x, y] of [[24, 50], [94, 62], [30, 72]]) out += `<circle cx="${x * s}" cy="${y * s}" r="${4 * s}" fill="#f2c14e"/>`;
  }
  return svg(w, h, out);
}

const V = [
  ["orijinal", "#d9a86c", "#4a2a17"],
  ["bitter", "#c99a5e", "#2b170c"],
  ["sutlu", "#e0b57a", "#7a4a26"],
  ["kakaolu", "#6b3f24", "#2b170c"],
  ["findikli", "#d4a266", "#7a4a26"],
  ["tuzlu-karamel", "#d9a35f", "#4a2a17"],
  ["ruby", "#e6bd86", "#c2566f"],
  ["gold-karamel", "#e2b276", "#c98a2e"],
  ["yer-fistikli", "#c8965a", "#7a4a26"],
  ["portakalli", "#d9a86c", "#2b170c"],
  ["antep-fistikli", "#e3c08a", "#8fae4f"],
  ["yulafli", "#c9a173", "#7a4a26"],
  ["espresso", "#a87a4f", "#2b170c"],
  ["visneli", "#d2a068", "#6e1f2c"],
  ["cevizli", "#d6a56a", "#7a4a26"],
  ["hindistan-cevizli", "#eed3a6", "#f4ead6"],
  ["naneli", "#6b3f24", "#4f8a6b"],
].map(([slug, dough, chunk]) => ({ slug, dough, chunk }));
const byName = Object.fromEntries(V.map((v) => [v.slug, v]));

/** A box of cookies seen from above, lid open; `kind` picks the box colours. */
function openBox(kind, slugs) {
  const b = BOXES[kind];
  let out = `<rect width="400" height="400" fill="#fbf6ef"/><rect x="40" y="30" width="320" height="90" rx="8" fill="${b.lid}"/><rect x="30" y="110" width="340" height="260" rx="10" fill="${b.body}"/><rect x="46" y="126" width="308" height="228" rx="6" fill="${shade(b.body, -0.35)}"/>`;
  const n = slugs.length;
  const cols = n <= 4 ? 2 : 3;
  const rows = Math.ceil(n / cols);
  const cw = 308 / cols;
  const ch = 228 / rows;
  const r = Math.min(cw, ch) * 0.42;
  slugs.forEach((slug, i) => {
    const v = byName[slug];
    out += cookie(46 + cw * (i % cols) + cw / 2, 126 + ch * Math.floor(i / cols) + ch / 2, r, v.dough, v.chunk, hash(slug) + i, 6);
  });
  return svg(400, 400, out);
}
/** A closed box with one cookie leaning on it. */
function closedBox(kind, slug) {
  const v = byName[slug];
  const inner = box(kind, 300, 225).replace(/^<svg[^>]*>|<\/svg>\n$/g, "");
  return svg(400, 400, `<rect width="400" height="400" fill="#fbf6ef"/><ellipse cx="200" cy="330" rx="180" ry="30" fill="#f3e6d6"/><g transform="translate(50 100)">${inner}</g>${cookie(320, 300, 60, v.dough, v.chunk, hash(slug), 6)}`);
}
function noteCard(kind) {
  const b = BOXES[kind];
  return svg(400, 400, `<rect width="400" height="400" fill="#fbf6ef"/><rect x="70" y="80" width="260" height="240" rx="8" fill="#fff" stroke="${b.body}" stroke-width="6"/><path d="M110 140h180M110 180h180M110 220h140M110 260h100" stroke="#9a5b2d" stroke-width="8" stroke-linecap="round"/><path d="M285 250l25 25l-25 25" fill="none" stroke="${b.body}" stroke-width="6"/>`);
}
function jar() {
  let out = `<rect width="400" height="400" fill="#fbf6ef"/><rect x="110" y="60" width="180" height="40" rx="8" fill="#9a5b2d"/><rect x="90" y="100" width="220" height="260" rx="30" fill="#e8f1f2" stroke="#b7cdd1" stroke-width="6"/>`;
  for (let i = 0; i < 9; i++) {
    const v = V[i % 5];
    out += cookie(140 + (i % 3) * 60, 150 + Math.floor(i / 3) * 70, 30, v.dough, v.chunk, i + 3, 4);
  }
  return svg(400, 400, out);
}
function tray() {
  let out = `<rect width="400" height="400" fill="#fbf6ef"/><rect x="30" y="90" width="340" height="240" rx="16" fill="#c9a173"/><rect x="44" y="104" width="312" height="212" rx="10" fill="#e6cba9"/>`;
  for (let i = 0; i < 15; i++) {
    const v = V[i % 8];
    out += cookie(80 + (i % 5) * 60, 140 + Math.floor(i / 5) * 70, 26, v.dough, v.chunk, i + 11, 4);
  }
  return svg(400, 400, out);
}
const ADDONS = {
  "addon-kart": `<rect x="80" y="110" width="240" height="170" rx="8" fill="#fff" stroke="#9a5b2d" stroke-width="6"/><path d="M200 170c-20-30-60-10-40 20l40 40l40-40c20-30-20-50-40-20z" fill="#b3263a"/>`,
  "addon-mum": `<rect x="180" y="140" width="40" height="180" rx="6" fill="#f2c14e"/><path d="M180 170l40-20M180 210l40-20M180 250l40-20M180 290l40-20" stroke="#b3263a" stroke-width="8"/><path d="M200 80c-20 30-15 50 0 55c15-5 20-25 0-55z" fill="#e07a1f"/>`,
  "addon-kurdele": `<path d="M200 200c-60-80-150-40-90 20c30 30 70 10 90-20zM200 200c60-80 150-40 90 20c-30 30-70 10-90-20z" fill="#b3263a"/><path d="M190 200l-50 130h30l30-60l30 60h30l-50-130z" fill="#8f1c2e"/><circle cx="200" cy="200" r="22" fill="#8f1c2e"/>`,
  "addon-sicak-cikolata": `<path d="M110 150h160v90a80 80 0 0 1-160 0z" fill="#fff" stroke="#9a5b2d" stroke-width="6"/><path d="M270 170h20a30 30 0 0 1 0 60h-20" fill="none" stroke="#9a5b2d" stroke-width="10"/><ellipse cx="190" cy="155" rx="76" ry="14" fill="#4a2a17"/><path d="M160 120c-10-20 10-30 0-50M200 120c-10-20 10-30 0-50" stroke="#c9b8a6" stroke-width="6" fill="none"/>`,
};

/** The 38 HEDEF81 winning cities (plate code, sky and land colours chosen per city). */
export const HEDEF81 = [1, 6, 7, 9, 10, 14, 16, 17, 20, 21, 22, 25, 26, 27, 31, 32, 33, 34, 35, 38, 39, 41, 42, 44, 45, 48, 52, 54, 55, 58, 59, 61, 63, 64, 65, 67, 77, 81];
function cityCard(plate) {
  const rnd = prng(plate * 97);
  const sky = ["#9cc9e8", "#f4c7a1", "#c8b8e6", "#a8dcc8", "#f2d48a"][plate % 5];
  const land = ["#6f9a57", "#8a7a4e", "#5b8a72", "#9a6b4e"][plate % 4];
  let out = `<rect width="320" height="200" fill="${sky}"/><circle cx="${r1(40 + rnd() * 240)}" cy="${r1(30 + rnd() * 25)}" r="18" fill="#fff6d5"/>`;
  let hills = "M0 200V140";
  for (let x = 0; x <= 320; x += 40) hills += `L${x} ${r1(110 + rnd() * 40)}`;
  out += `<path d="${hills}L320 200z" fill="${shade(land, 0.2)}"/>`;
  let bx = 20;
  while (bx < 300) {
    const bw = 14 + Math.floor(rnd() * 22);
    const bh = 20 + Math.floor(rnd() * 50);
    out += `<rect x="${bx}" y="${170 - bh}" width="${bw}" height="${bh}" fill="${shade(land, -0.45)}"/>`;
    if (rnd() > 0.8) out += `<rect x="${bx + bw / 2 - 2}" y="${170 - bh - 26}" width="4" height="26" fill="${shade(land, -0.45)}"/>`;
    bx += bw + 4 + Math.floor(rnd() * 10);
  }
  out += `<rect y="170" width="320" height="30" fill="${land}"/>`;
  return svg(320, 200, out);
}

function write(dir, name, content) {
  mkdirSync(join(ROOT, dir), { recursive: true });
  writeFileSync(join(ROOT, dir, `${name}.svg`), content);
}

for (const v of V) {
  write("products", `cookie-${v.slug}`, cookieTop(v));
  write("products", `cookie-${v.slug}-ic`, cookieInside(v));
  write("products", `cookie-${v.slug}-yigin`, cookieStack(v));
}
for (const k of Object.keys(BOXES)) write("boxes", k, box(k, 120, 90));
const six = ["orijinal", "bitter", "sutlu", "orijinal", "bitter", "sutlu"];
write("products", "pack-klasik", closedBox("kraft", "orijinal"));
write("products", "pack-klasik-acik", openBox("kraft", six));
write("products", "pack-dortlu", closedBox("kraft", "kakaolu"));
write("products", "pack-dortlu-acik", openBox("kraft", ["orijinal", "kakaolu", "findikli", "tuzlu-karamel"]));
write("products", "pack-kavanoz", jar());
write("products", "gift-kucuk", closedBox("hediye", "orijinal"));
write("products", "gift-kucuk-acik", openBox("hediye", ["orijinal", "bitter", "ruby", "sutlu"]));
write("products", "gift-kucuk-not", noteCard("hediye"));
write("products", "gift-heyecanli", closedBox("heyecanli", "gold-karamel"));
write("products", "gift-heyecanli-acik", openBox("heyecanli", ["ruby", "gold-karamel", "antep-fistikli", "bitter", "tuzlu-karamel", "orijinal"]));
write("products", "gift-heyecanli-not", noteCard("heyecanli"));
write("products", "gift-heyecanli-yan", closedBox("heyecanli", "ruby"));
write("products", "gift-dogumgunu", closedBox("hediye", "kakaolu"));
write("products", "gift-dogumgunu-acik", openBox("hediye", ["orijinal", "bitter", "sutlu", "kakaolu", "findikli", "ruby", "orijinal", "bitter", "sutlu"]));
write("products", "gift-tesekkur", closedBox("hediye", "sutlu"));
write("products", "gift-kis", closedBox("hediye", "yulafli"));
write("products", "gift-kis-acik", openBox("hediye", ["yulafli", "portakalli", "visneli", "yulafli", "portakalli", "visneli"]));
write("products", "corp-12", closedBox("kurumsal", "orijinal"));
write("products", "corp-12-acik", openBox("kurumsal", [...six, ...six]));
write("products", "corp-24", closedBox("kurumsal", "bitter"));
write("products", "corp-tepsi", tray());
for (const [name, body] of Object.entries(ADDONS)) write("products", name, svg(400, 400, `<rect width="400" height="400" fill="#fbf6ef"/>${body}`));
for (const plate of HEDEF81) write("hedef81", String(plate).padStart(2, "0"), cityCard(plate));
console.log("images written under public/img/{products,boxes,hedef81}");
