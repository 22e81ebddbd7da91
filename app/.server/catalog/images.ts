import { createHash, randomBytes } from "node:crypto";
import { mkdir, readFile, rename, stat, unlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import sharp from "sharp";
import type { AppContext } from "../context";
import { UPLOAD_PREFIX, UPLOAD_WIDTHS } from "~/shared/catalog";

/**
 * Product pictures uploaded by staff (issue 12). Only raster images are taken — PNG, JPEG and WebP, recognised
 * by their first bytes, never by the name or the type the browser claims (an SVG or HTML file can carry
 * scripts) — and at most `maxBytes`. A file is stored under DATA_DIR/uploads/products named by the SHA-256 of
 * its content (the same picture twice is one file; a name can never be chosen by the uploader) and served by
 * /uploads/products/{name} with its own Content-Type and `X-Content-Type-Options: nosniff`.
 *
 * Issue 27 §2: at upload, sharp (libvips) makes from it, all named from the same hash and so immutable:
 *   {hash}-{w}.webp      for each of UPLOAD_WIDTHS below the picture's own width (never enlarged),
 *   {hash}-{w}.png|jpg   the same in the upload's own format when it is PNG or JPEG (browsers without WebP),
 *   {hash}-share.jpg     1200 × 630 JPEG for shared links: the picture fitted inside on the shop's cream.
 * The copies are upright (EXIF orientation applied) and carry no metadata. The product then points at
 * `upload/{hash}-w{width}.{ext}`, from which the pages build their `srcset` (shared/catalog.ts). A picture
 * uploaded before this has the name `upload/{hash}.{ext}` and is shown as its one file until
 * `upgradeOldUploads` (run at start) has made its copies and renamed it in the products.
 *
 * The directory is per host: several hosts need it on shared storage (or an object store) — see README.
 */

export const IMAGE_KINDS = {
  png: "image/png",
  jpg: "image/jpeg",
  webp: "image/webp",
} as const;
export type ImageExt = keyof typeof IMAGE_KINDS;

/** A product's name for an upload: `upload/{hash}.{ext}` (before the copies: width null) or `upload/{hash}-w{width}.{ext}`. */
export function parseUploadName(imgName: string): { hash: string; width: number | null; ext: ImageExt } | null {
  const m = /^upload\/([a-f0-9]{32})(?:-w([1-9]\d{0,4}))?\.(png|jpg|webp)$/.exec(imgName);
  return m ? { hash: m[1]!, width: m[2] ? Number(m[2]) : null, ext: m[3] as ImageExt } : null;
}

/** Original `{hash}.{ext}`, a smaller copy `{hash}-{w}.{ext}`, or the share picture `{hash}-share.jpg`. */
const FILE_NAME = /^[a-f0-9]{32}(?:-(\d{3})|-share(?=\.jpg))?\.(png|jpg|webp)$/;

/** Larger pictures are refused before they are decoded (a small file can hold a huge, flat picture). */
export const MAX_PIXELS = 40_000_000;
/** The shop's cream (scripts/make-icons.mjs), behind a share picture. */
const CREAM = "#fdf6ec";
const SHARE = { width: 1200, height: 630, inner: { width: 1040, height: 570 } };

/** The image type from the first bytes, or null when it is none of PNG, JPEG, WebP. */
export function sniffImage(bytes: Uint8Array): ImageExt | null {
  const b = (i: number) => bytes[i] ?? -1;
  if (bytes.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((v, i) => b(i) === v)) return "png";
  if (bytes.length >= 4 && b(0) === 0xff && b(1) === 0xd8 && b(2) === 0xff) return "jpg";
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes.length >= 16 && ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP" && ascii(12, 15) === "VP8") return "webp";
  return null;
}

export const uploadDir = (app: AppContext) => join(app.config.dataDir, "uploads", "products");

export type ImageError = "empty" | "tooLarge" | "type" | "unreadable" | "tooManyPixels";
export type SavedImage = { ok: true; imgName: string; file: string; width: number; height: number } | { ok: false; error: ImageError };

/** One file to write: its name in the upload directory and its bytes. */
export interface ImageFile {
  file: string;
  body: Buffer;
}

export type Variants = { ok: true; width: number; height: number; files: ImageFile[] } | { ok: false; error: "unreadable" | "tooManyPixels" };

/**
 * The copies of a picture (in memory; nothing is written): see the top of this file. A picture libvips cannot
 * read to its end (corrupt, cut short, or claiming a type it is not) is `unreadable`; one over MAX_PIXELS is
 * `tooManyPixels`.
 */
export async function makeVariants(bytes: Uint8Array, hash: string, ext: ImageExt): Promise<Variants> {
  // failOn "warning": a cut-short JPEG, which libvips would show grey at the bottom, is refused too
  const input = () => sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: "warning" }).autoOrient();
  let width: number;
  let height: number;
  try {
    const meta = await sharp(bytes, { limitInputPixels: false }).metadata();
    const upright = meta.autoOrient ?? meta;
    if (!upright.width || !upright.height) return { ok: false, error: "unreadable" };
    if (upright.width * upright.height > MAX_PIXELS) return { ok: false, error: "tooManyPixels" };
    ({ width, height } = upright);
  } catch {
    return { ok: false, error: "unreadable" };
  }
  try {
    const jobs: Promise<ImageFile>[] = [];
    const fallback = ext === "webp" ? null : ext;
    for (const w of UPLOAD_WIDTHS.filter((w) => w < width)) {
      const resized = () => input().resize({ width: w });
      jobs.push(resized().webp({ quality: 78, effort: 4 }).toBuffer().then((body) => ({ file: `${hash}-${w}.webp`, body })));
      if (fallback === "jpg") jobs.push(resized().jpeg({ quality: 80, mozjpeg: true }).toBuffer().then((body) => ({ file: `${hash}-${w}.jpg`, body })));
      if (fallback === "png") jobs.push(resized().png({ compressionLevel: 9 }).toBuffer().then((body) => ({ file: `${hash}-${w}.png`, body })));
    }
    jobs.push(
      (async () => {
        // fitted inside the margin, never enlarged beyond it (a small picture stays small and sharp)
        const picture = await input().resize({ ...SHARE.inner, fit: "inside", withoutEnlargement: true }).flatten({ background: CREAM }).png().toBuffer();
        const body = await sharp({ create: { width: SHARE.width, height: SHARE.height, channels: 3, background: CREAM } })
          .composite([{ input: picture, gravity: "center" }])
          .jpeg({ quality: 80, mozjpeg: true })
          .toBuffer();
        return { file: `${hash}-share.jpg`, body };
      })(),
    );
    return { ok: true, width, height, files: await Promise.all(jobs) };
  } catch {
    return { ok: false, error: "unreadable" };
  }
}

/**
 * Writes files into the upload directory all or nothing: each under a temporary name first (a reader never
 * sees half a file), then renamed; a failure removes every file this call made. A file already there with
 * the same size is the same content (its name is the content's hash) and is left as it is.
 */
async function writeAll(dir: string, files: ImageFile[]): Promise<void> {
  await mkdir(dir, { recursive: true });
  const todo: ImageFile[] = [];
  for (const f of files) {
    const same = await stat(join(dir, f.file)).then(
      (s) => s.size === f.body.length,
      () => false,
    );
    if (!same) todo.push(f);
  }
  const tag = randomBytes(6).toString("hex");
  const tmp = (f: ImageFile) => join(dir, `.${f.file}.${tag}.tmp`);
  const done: string[] = [];
  try {
    for (const f of todo) await writeFile(tmp(f), f.body, { mode: 0o644 });
    for (const f of todo) {
      await rename(tmp(f), join(dir, f.file));
      done.push(f.file);
    }
  } catch (e) {
    await Promise.all([...todo.map((f) => unlink(tmp(f)).catch(() => {})), ...done.map((file) => unlink(join(dir, file)).catch(() => {}))]);
    throw e;
  }
}

const hashOf = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex").slice(0, 32);

/**
 * Checks an uploaded picture, makes its copies and stores them with it; the answer's `imgName` goes into the
 * product (`upload/{hash}-w{width}.{ext}`). Nothing is written unless every copy could be made.
 */
export async function saveImage(app: AppContext, bytes: Uint8Array, maxBytes: number): Promise<SavedImage> {
  if (bytes.length === 0) return { ok: false, error: "empty" };
  if (bytes.length > maxBytes) return { ok: false, error: "tooLarge" };
  const ext = sniffImage(bytes);
  if (!ext) return { ok: false, error: "type" };
  const hash = hashOf(bytes);
  const made = await makeVariants(bytes, hash, ext);
  if (!made.ok) return made;
  const file = `${hash}.${ext}`;
  // the original last: a picture whose original is there has all its copies
  await writeAll(uploadDir(app), [...made.files, { file, body: Buffer.from(bytes) }]);
  return { ok: true, imgName: `${UPLOAD_PREFIX}${hash}-w${made.width}.${ext}`, file, width: made.width, height: made.height };
}

/**
 * The new name of an upload from before the copies (`upload/{hash}.{ext}`), after making them from its file;
 * null when the name is not such an upload or its file is missing or unreadable (it is then shown as it is).
 */
export async function upgradeOldUpload(app: AppContext, imgName: string): Promise<string | null> {
  const u = parseUploadName(imgName);
  if (!u || u.width !== null) return null;
  const bytes = await readFile(join(uploadDir(app), `${u.hash}.${u.ext}`)).catch(() => null);
  if (!bytes || sniffImage(bytes) !== u.ext) return null;
  const made = await makeVariants(bytes, u.hash, u.ext);
  if (!made.ok) return null;
  await writeAll(uploadDir(app), made.files);
  return `${UPLOAD_PREFIX}${u.hash}-w${made.width}.${u.ext}`;
}

/** An uploaded picture or one of its copies by file name, or null (unknown or malformed name: nothing else is ever read). */
export async function readImage(app: AppContext, file: string): Promise<{ body: Buffer; contentType: string } | null> {
  const m = FILE_NAME.exec(file);
  if (!m) return null;
  if (m[1] && !UPLOAD_WIDTHS.includes(Number(m[1]) as (typeof UPLOAD_WIDTHS)[number])) return null;
  try {
    const body = await readFile(join(uploadDir(app), file));
    // checked again on the way out: only what is still a picture of the named type is served
    if (sniffImage(body) !== m[2]) return null;
    return { body, contentType: IMAGE_KINDS[m[2] as ImageExt] };
  } catch {
    return null;
  }
}
