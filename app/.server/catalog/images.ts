import { createHash, randomBytes } from "node:crypto";
import { mkdir, readFile, rename, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { AppContext } from "../context";
import { UPLOAD_PREFIX } from "~/shared/catalog";

/**
 * Product pictures uploaded by staff (issue 12). Only raster images are taken — PNG, JPEG and WebP, recognised
 * by their first bytes, never by the name or the type the browser claims (an SVG or HTML file can carry
 * scripts) — and at most `maxBytes`. A file is stored under DATA_DIR/uploads/products named by the SHA-256 of
 * its content (the same picture twice is one file; a name can never be chosen by the uploader) and served by
 * /uploads/products/{name} with its own Content-Type and `X-Content-Type-Options: nosniff`.
 *
 * The directory is per host: several hosts need it on shared storage (or an object store) — see README.
 */

export const IMAGE_KINDS = {
  png: "image/png",
  jpg: "image/jpeg",
  webp: "image/webp",
} as const;
export type ImageExt = keyof typeof IMAGE_KINDS;

const FILE_NAME = /^[a-f0-9]{32}\.(png|jpg|webp)$/;

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

export type SavedImage = { ok: true; imgName: string; file: string } | { ok: false; error: "empty" | "tooLarge" | "type" };

/** Checks and stores an uploaded picture; the answer's `imgName` goes into the product (`upload/{file}`). */
export async function saveImage(app: AppContext, bytes: Uint8Array, maxBytes: number): Promise<SavedImage> {
  if (bytes.length === 0) return { ok: false, error: "empty" };
  if (bytes.length > maxBytes) return { ok: false, error: "tooLarge" };
  const ext = sniffImage(bytes);
  if (!ext) return { ok: false, error: "type" };
  const file = `${createHash("sha256").update(bytes).digest("hex").slice(0, 32)}.${ext}`;
  const dir = uploadDir(app);
  const path = join(dir, file);
  await mkdir(dir, { recursive: true });
  const exists = await stat(path).then(
    (s) => s.size === bytes.length,
    () => false,
  );
  if (!exists) {
    // written under a temporary name first: a reader never sees half a file
    const tmp = join(dir, `.${file}.${randomBytes(6).toString("hex")}.tmp`);
    await writeFile(tmp, bytes, { mode: 0o644 });
    await rename(tmp, path);
  }
  return { ok: true, imgName: `${UPLOAD_PREFIX}${file}`, file };
}

/** An uploaded picture by its file name, or null (unknown or malformed name: nothing else is ever read). */
export async function readImage(app: AppContext, file: string): Promise<{ body: Buffer; contentType: string } | null> {
  const m = FILE_NAME.exec(file);
  if (!m) return null;
  try {
    const body = await readFile(join(uploadDir(app), file));
    // checked again on the way out: only what is still a picture of the named type is served
    if (sniffImage(body) !== m[1]) return null;
    return { body, contentType: IMAGE_KINDS[m[1] as ImageExt] };
  } catch {
    return null;
  }
}
