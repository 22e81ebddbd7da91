#!/usr/bin/env node
// Makes the raster icons and the site's share picture from the SVGs in public/ (issue 27 §2), once; the
// results are committed. sharp is a dependency of the shop since decision 0044 (uploaded pictures):
//   node scripts/make-icons.mjs
// (SHARP_DIR=/path still takes sharp from another install.)
// Writes public/favicon.ico (16 and 32 px PNGs in an ICO), public/apple-touch-icon.png (180 px, opaque),
// public/icon-192.png, public/icon-512.png (the web manifest's) and public/img/share/site.jpg (1200 × 630).
import { createRequire } from "node:module";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import process from "node:process";
import { Buffer } from "node:buffer";
import { URL } from "node:url";

const require = createRequire(process.env.SHARP_DIR ? join(process.env.SHARP_DIR, "noop.js") : import.meta.url);
const sharp = require("sharp");
const pub = new URL("../public/", import.meta.url).pathname;
const BROWN = "#3b2417";
const CREAM = "#fdf6ec";
const favicon = readFileSync(join(pub, "favicon.svg"));

const png = (svg, size, background) => {
  const img = sharp(svg, { density: 72 * (size / 32) * 1.01 }).resize(size, size);
  return (background ? img.flatten({ background }) : img).png({ compressionLevel: 9 }).toBuffer();
};

/** An ICO holding PNG images (every browser since IE 9 reads PNG inside ICO). */
function ico(images) {
  const header = Buffer.alloc(6 + 16 * images.length);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(images.length, 4);
  let offset = header.length;
  images.forEach(({ size, data }, i) => {
    const e = 6 + 16 * i;
    header.writeUInt8(size >= 256 ? 0 : size, e);
    header.writeUInt8(size >= 256 ? 0 : size, e + 1);
    header.writeUInt16LE(1, e + 4); // colour planes
    header.writeUInt16LE(32, e + 6); // bits per pixel
    header.writeUInt32LE(data.length, e + 8);
    header.writeUInt32LE(offset, e + 12);
    offset += data.length;
  });
  return Buffer.concat([header, ...images.map((i) => i.data)]);
}

writeFileSync(join(pub, "favicon.ico"), ico([{ size: 16, data: await png(favicon, 16) }, { size: 32, data: await png(favicon, 32) }]));

// apple-touch and manifest icons: the cookie on cream with a margin (iOS paints transparency black)
const padded = async (size) => {
  const inner = Math.round(size * 0.78);
  const cookie = await png(favicon, inner);
  return sharp({ create: { width: size, height: size, channels: 4, background: CREAM } })
    .composite([{ input: cookie, gravity: "center" }])
    .png({ compressionLevel: 9 })
    .toBuffer();
};
writeFileSync(join(pub, "apple-touch-icon.png"), await padded(180));
writeFileSync(join(pub, "icon-192.png"), await padded(192));
writeFileSync(join(pub, "icon-512.png"), await padded(512));

// the share picture: the light logo (cookie and name) large on the brand's brown
const logo = readFileSync(join(pub, "img/logo-light.svg"));
const logoPng = await sharp(logo, { density: 72 * 6 }).resize({ width: 900 }).png().toBuffer();
mkdirSync(join(pub, "img/share"), { recursive: true });
writeFileSync(
  join(pub, "img/share/site.jpg"),
  await sharp({ create: { width: 1200, height: 630, channels: 3, background: BROWN } })
    .composite([{ input: logoPng, gravity: "center" }])
    .jpeg({ quality: 82, mozjpeg: true })
    .toBuffer(),
);
// a share picture per product picture shipped in public/img/products (uploaded pictures are raster already
// and are shared as they are); the cookie book's pictures are not products
const { readdirSync } = await import("node:fs");
mkdirSync(join(pub, "img/share/products"), { recursive: true });
for (const file of readdirSync(join(pub, "img/products")).filter((f) => f.endsWith(".svg") && !f.startsWith("cookie-"))) {
  const picture = await sharp(readFileSync(join(pub, "img/products", file)), { density: 300 }).resize({ width: 1040, height: 570, fit: "inside" }).png().toBuffer();
  writeFileSync(
    join(pub, "img/share/products", file.replace(/\.svg$/, ".jpg")),
    await sharp({ create: { width: 1200, height: 630, channels: 3, background: CREAM } })
      .composite([{ input: picture, gravity: "center" }])
      .jpeg({ quality: 80, mozjpeg: true })
      .toBuffer(),
  );
}
process.stdout.write("icons and share pictures written to public/\n");
