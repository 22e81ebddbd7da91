import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import sharp, { type Sharp } from "sharp";
import { createTestApp, type TestApp } from "../db/testing";
import * as catalog from "./service";
import { MAX_PIXELS, saveImage, uploadDir } from "./images";
import { productImage, productImageSet, productShareImage } from "~/shared/catalog";
import { IMAGE_MAX_BYTES } from "~/shared/management-forms";

/**
 * Issue 27 §2: the copies made of an uploaded picture, on pictures this test makes with sharp (no mocks):
 * their widths, heights and formats, the share picture's exact 1200 × 630, pictures smaller than every width,
 * corrupt files (nothing written), the served names, and pictures uploaded before the copies existed.
 */
let app: TestApp;
let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "catalog-images-"));
  app = await createTestApp({ env: { DATA_DIR: dataDir } });
});
afterAll(async () => {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const files = () => {
  try {
    return readdirSync(uploadDir(app)).sort();
  } catch {
    return [];
  }
};
const fileOf = (name: string) => readFileSync(join(uploadDir(app), name));
const info = async (name: string) => {
  const m = await sharp(fileOf(name)).metadata();
  return { format: m.format, width: m.width, height: m.height, alpha: m.hasAlpha };
};
const hashOf = (imgName: string) => /^upload\/([a-f0-9]{32})-w\d+\.\w+$/.exec(imgName)![1]!;

/** Noise with soft shapes: compresses like a photo, not like a flat colour. */
async function photo(width: number, height: number, seed = 1): Promise<Sharp> {
  const raw = Buffer.alloc(width * height * 3);
  let x = seed * 2654435761;
  for (let i = 0; i < raw.length; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    raw[i] = ((i / 3) % width) * (200 / width) + (x >>> 26);
  }
  return sharp(raw, { raw: { width, height, channels: 3 } });
}

/** A JPEG just under the 1 MB limit (the largest the shop takes), as big in pixels as that allows. */
async function jpegNearLimit(): Promise<Buffer> {
  for (let q = 95; q > 40; q -= 5) {
    const b = await (await photo(3000, 2000)).jpeg({ quality: q }).toBuffer();
    if (b.length <= IMAGE_MAX_BYTES) return b;
  }
  throw new Error("no JPEG under 1 MB");
}

describe("uploaded pictures: smaller copies and share picture (issue 27 §2)", () => {
  it("a PNG with transparency: WebP and PNG copies at 320/640/960 keep it; the share picture is 1200 × 630 JPEG on cream", async () => {
    // 1000 × 800, left half transparent, right half a colour
    const png = await sharp({ create: { width: 1000, height: 800, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .composite([{ input: { create: { width: 500, height: 800, channels: 4, background: { r: 120, g: 60, b: 20, alpha: 1 } } }, left: 500, top: 0 }])
      .png()
      .toBuffer();
    const saved = await saveImage(app, png, IMAGE_MAX_BYTES);
    expect(saved).toMatchObject({ ok: true, width: 1000, height: 800 });
    if (!saved.ok) return;
    expect(saved.imgName).toMatch(/^upload\/[a-f0-9]{32}-w1000\.png$/);
    const h = hashOf(saved.imgName);
    expect(files()).toEqual([`${h}-320.png`, `${h}-320.webp`, `${h}-640.png`, `${h}-640.webp`, `${h}-960.png`, `${h}-960.webp`, `${h}-share.jpg`, `${h}.png`].sort());
    for (const w of [320, 640, 960]) {
      expect(await info(`${h}-${w}.webp`)).toEqual({ format: "webp", width: w, height: w * 0.8, alpha: true });
      expect(await info(`${h}-${w}.png`)).toEqual({ format: "png", width: w, height: w * 0.8, alpha: true });
    }
    expect(fileOf(`${h}.png`)).toEqual(png); // the original is kept byte for byte
    expect(await info(`${h}-share.jpg`)).toEqual({ format: "jpeg", width: 1200, height: 630, alpha: false });
    // the transparent half and the margin are the shop's cream (#fdf6ec), the coloured half is still there
    const { data } = await sharp(fileOf(`${h}-share.jpg`)).raw().toBuffer({ resolveWithObject: true });
    const px = (x: number, y: number) => [...data.subarray((y * 1200 + x) * 3, (y * 1200 + x) * 3 + 3)];
    for (const [x, y] of [[5, 5], [450, 315]] as const) px(x, y).forEach((v, i) => expect(Math.abs(v - [0xfd, 0xf6, 0xec][i]!), `${x},${y}`).toBeLessThan(6));
    px(800, 315).forEach((v, i) => expect(Math.abs(v - [120, 60, 20][i]!)).toBeLessThan(12));

    // what the pages make of the name
    expect(productImage(saved.imgName)).toBe(`/uploads/products/${h}.png`);
    expect(productShareImage(saved.imgName)).toBe(`/uploads/products/${h}-share.jpg`);
    expect(productImageSet(saved.imgName)).toEqual({
      webp: `/uploads/products/${h}-320.webp 320w, /uploads/products/${h}-640.webp 640w, /uploads/products/${h}-960.webp 960w, /uploads/products/${h}.png 1000w`,
      img: `/uploads/products/${h}-320.png 320w, /uploads/products/${h}-640.png 640w, /uploads/products/${h}-960.png 960w, /uploads/products/${h}.png 1000w`,
    });
    // the same picture again: the same name, nothing new
    const again = await saveImage(app, png, IMAGE_MAX_BYTES);
    expect(again.ok && again.imgName).toBe(saved.imgName);
    expect(files()).toHaveLength(8);
  });

  it("a JPEG near 1 MB, and one turned by its EXIF orientation: upright JPEG and WebP copies without metadata; timed", async () => {
    const big = await jpegNearLimit();
    expect(big.length).toBeGreaterThan(500_000);
    const t0 = performance.now();
    const saved = await saveImage(app, big, IMAGE_MAX_BYTES);
    const ms = performance.now() - t0;
    expect(saved).toMatchObject({ ok: true, width: 3000, height: 2000 });
    if (!saved.ok) return;
    const h = hashOf(saved.imgName);
    const sizes: Record<string, number> = { original: big.length };
    for (const w of [320, 640, 960]) {
      expect(await info(`${h}-${w}.webp`)).toMatchObject({ format: "webp", width: w, height: Math.round((w * 2) / 3) });
      expect(await info(`${h}-${w}.jpg`)).toMatchObject({ format: "jpeg", width: w, height: Math.round((w * 2) / 3) });
      sizes[`${w}.webp`] = fileOf(`${h}-${w}.webp`).length;
      sizes[`${w}.jpg`] = fileOf(`${h}-${w}.jpg`).length;
    }
    expect(await info(`${h}-share.jpg`)).toMatchObject({ format: "jpeg", width: 1200, height: 630 });
    sizes["share.jpg"] = fileOf(`${h}-share.jpg`).length;
    // measured figures for docs/decisions/0044 (the machine is shared: only a loose bound here)
    console.log(`1 MB JPEG (3000 × 2000, ${big.length} bytes) processed in ${Math.round(ms)} ms; bytes:`, sizes);
    expect(ms).toBeLessThan(15_000);

    // a camera's portrait: stored 1200 × 800 with orientation 6 (turn 90°), shown 800 × 1200
    const turned = await (await photo(1200, 800, 2)).jpeg({ quality: 80 }).withMetadata({ orientation: 6 }).toBuffer();
    const t = await saveImage(app, turned, IMAGE_MAX_BYTES);
    expect(t).toMatchObject({ ok: true, width: 800, height: 1200 });
    if (!t.ok) return;
    const th = hashOf(t.imgName);
    expect(t.imgName).toBe(`upload/${th}-w800.jpg`);
    expect(await info(`${th}-640.jpg`)).toMatchObject({ width: 640, height: 960 });
    expect(files().filter((f) => f.startsWith(`${th}-960`))).toEqual([]); // 960 is wider than the picture
    const copy = await sharp(fileOf(`${th}-320.jpg`)).metadata();
    expect(copy.orientation).toBeUndefined();
    expect(copy.exif).toBeUndefined();
  });

  it("a WebP: WebP copies only (it is its own fallback); a tiny picture gets no copies, and its share picture is not enlarged", async () => {
    const webp = await (await photo(700, 500, 3)).webp({ quality: 80 }).toBuffer();
    const saved = await saveImage(app, webp, IMAGE_MAX_BYTES);
    expect(saved).toMatchObject({ ok: true, width: 700, height: 500 });
    if (!saved.ok) return;
    const h = hashOf(saved.imgName);
    expect(files().filter((f) => f.startsWith(h))).toEqual([`${h}-320.webp`, `${h}-640.webp`, `${h}-share.jpg`, `${h}.webp`]);
    expect(await info(`${h}-640.webp`)).toMatchObject({ format: "webp", width: 640, height: 457 });
    expect(productImageSet(saved.imgName)).toEqual({ webp: null, img: `/uploads/products/${h}-320.webp 320w, /uploads/products/${h}-640.webp 640w, /uploads/products/${h}.webp 700w` });

    const tiny = await sharp({ create: { width: 200, height: 150, channels: 3, background: "#7a3b12" } }).png().toBuffer();
    const small = await saveImage(app, tiny, IMAGE_MAX_BYTES);
    expect(small).toMatchObject({ ok: true, width: 200, height: 150 });
    if (!small.ok) return;
    const sh = hashOf(small.imgName);
    expect(files().filter((f) => f.startsWith(sh))).toEqual([`${sh}-share.jpg`, `${sh}.png`]);
    expect(productImageSet(small.imgName)).toEqual({ webp: `/uploads/products/${sh}.png 200w`, img: `/uploads/products/${sh}.png 200w` });
    expect(await info(`${sh}-share.jpg`)).toMatchObject({ width: 1200, height: 630 });
    // the picture sits 200 × 150 in the middle: cream 110 px left of centre, the picture's colour at it
    const { data } = await sharp(fileOf(`${sh}-share.jpg`)).raw().toBuffer({ resolveWithObject: true });
    const px = (x: number, y: number) => [...data.subarray((y * 1200 + x) * 3, (y * 1200 + x) * 3 + 3)];
    expect(px(600, 315).map((v, i) => Math.abs(v - [0x7a, 0x3b, 0x12][i]!) < 10)).toEqual([true, true, true]);
    expect(px(600 - 110, 315).map((v, i) => Math.abs(v - [0xfd, 0xf6, 0xec][i]!) < 10)).toEqual([true, true, true]);
  });

  it("a corrupt or cut-short picture, or one of too many pixels, is refused and leaves nothing behind", async () => {
    const before = files();
    const good = await (await photo(800, 600, 4)).jpeg({ quality: 85 }).toBuffer();
    const cases: [string, Uint8Array, string][] = [
      ["JPEG cut in half", good.subarray(0, Math.floor(good.length / 2)), "unreadable"],
      ["PNG signature, then rubbish", new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...new Array(64).fill(7)]), "unreadable"],
      ["WebP header, then rubbish", new Uint8Array([...new TextEncoder().encode("RIFF"), 0, 0, 0, 0, ...new TextEncoder().encode("WEBPVP8 "), 1, 2, 3, 4]), "unreadable"],
      ["JPEG start, then rubbish", new Uint8Array([0xff, 0xd8, 0xff, 0xe0, ...new Array(500).fill(0x41)]), "unreadable"],
    ];
    // a flat 8000 × 6000 picture is a small file but 48 megapixels to decode
    const wide = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: "#ffffff" } }).png({ compressionLevel: 9 }).toBuffer();
    expect(wide.length).toBeLessThan(IMAGE_MAX_BYTES);
    expect(8000 * 6000).toBeGreaterThan(MAX_PIXELS);
    cases.push(["48 megapixels", wide, "tooManyPixels"]);
    for (const [what, bytes, error] of cases) {
      expect(await saveImage(app, bytes, IMAGE_MAX_BYTES), what).toEqual({ ok: false, error });
    }
    expect(files()).toEqual(before);
  });

  it("serves the original and its copies by name with their type; other widths and names are unknown", async () => {
    const png = await (await photo(700, 400, 5)).png().toBuffer();
    const saved = await saveImage(app, png, IMAGE_MAX_BYTES);
    if (!saved.ok) throw new Error(saved.error);
    const h = hashOf(saved.imgName);
    for (const [file, type] of [[`${h}.png`, "image/png"], [`${h}-320.webp`, "image/webp"], [`${h}-640.png`, "image/png"], [`${h}-share.jpg`, "image/jpeg"]] as const) {
      expect((await catalog.readImage(app, file))?.contentType, file).toBe(type);
    }
    for (const file of [`${h}-960.webp`, `${h}-321.webp`, `${h}-share.png`, `${h}-w700.png`, `${h}-640.jpg`, `../${h}.png`]) {
      expect(await catalog.readImage(app, file), file).toBeNull();
    }
  });

  it("pictures uploaded before the copies existed: shown as one file, then given their copies and renamed in the products", async () => {
    const png = await (await photo(900, 900, 6)).png().toBuffer();
    const { createHash } = await import("node:crypto");
    const h = createHash("sha256").update(png).digest("hex").slice(0, 32);
    mkdirSync(uploadDir(app), { recursive: true });
    writeFileSync(join(uploadDir(app), `${h}.png`), png); // as the shop stored it before
    const old = `upload/${h}.png`;
    const lost = `upload/${"e".repeat(32)}.jpg`; // its file is gone
    expect(productImageSet(old)).toBeNull();
    expect(productShareImage(old)).toBe(`/uploads/products/${h}.png`);
    await app.db.transaction(async (tx) => {
      await catalog.setImage(app, tx, 20003, "main", old);
      await catalog.setImage(app, tx, 20003, "Two", old);
      await catalog.setImage(app, tx, 20004, "main", lost);
    });
    const updatedAt = (await catalog.productForStaff(app, 20003))!.product.updatedAt;
    expect(await catalog.upgradeOldUploads(app)).toBe(1);
    const p = (await catalog.productForStaff(app, 20003))!.product;
    expect(p.imgName).toBe(`upload/${h}-w900.png`);
    expect(p.altImages.Two).toBe(`upload/${h}-w900.png`);
    expect(p.updatedAt).toEqual(updatedAt);
    expect((await catalog.getProduct(app, 20003))!.imgName).toBe(`upload/${h}-w900.png`); // the cached catalogue was dropped
    expect(files().filter((f) => f.startsWith(h))).toEqual([`${h}-320.png`, `${h}-320.webp`, `${h}-640.png`, `${h}-640.webp`, `${h}-share.jpg`, `${h}.png`].sort());
    expect((await catalog.productForStaff(app, 20004))!.product.imgName).toBe(lost);
    // a second run has nothing to do
    expect(await catalog.upgradeOldUploads(app)).toBe(0);
  });
});
