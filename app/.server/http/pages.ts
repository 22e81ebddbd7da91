import { tr } from "~/shared/texts/tr";
import { getSellerIdentity, sellerAddress } from "../seller/service";

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

const STYLE = `body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#fbf6ef;color:#3b2417}
main{max-width:36rem;margin:0 auto;padding:2rem 1.25rem;text-align:center}
img{max-width:100%;height:auto}h1{font-size:1.5rem}a{color:#7a3b12}
.note{background:#fff;border-radius:.75rem;padding:1rem 1.25rem;margin:1.5rem 0;text-align:left;box-shadow:0 1px 3px #0002}
address{font-style:normal;line-height:1.7}`;

function shell(title: string, nonce: string, body: string): string {
  return `<!doctype html><html lang="tr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(title)} | ${esc(tr.brand.name)}</title><style nonce="${esc(nonce)}">${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

/** A self-contained page for 4xx answers produced before the app router (bad URL, unknown method). */
export function simplePage(opts: { title: string; body: string; nonce: string; requestId?: string }): string {
  const id = opts.requestId ? `<p><small>${esc(tr.errors.requestId.replace("{id}", opts.requestId))}</small></p>` : "";
  return shell(
    opts.title,
    opts.nonce,
    `<h1>${esc(opts.title)}</h1><p>${esc(opts.body)}</p><p><a href="/home">${esc(tr.common.home)}</a></p>${id}`,
  );
}

/** The maintenance screen (SPEC §2.2): image, the sanitised note, logo and contact details. No script. */
export function maintenancePage(opts: { noteHtml: string; nonce: string }): string {
  const s = getSellerIdentity();
  return shell(
    tr.maintenance.title,
    opts.nonce,
    `<img src="/img/logo.svg" width="160" height="48" alt="${esc(tr.brand.logoAlt)}">
<h1>${esc(tr.maintenance.title)}</h1>
<img src="/img/maintenance.svg" width="240" height="160" alt="${esc(tr.maintenance.imageAlt)}">
<div class="note">${opts.noteHtml}</div>
<h2>${esc(tr.maintenance.contact)}</h2>
<address>${esc(s.title)}<br>${esc(sellerAddress(s))}<br><a href="tel:${esc(s.phoneE164)}">${esc(s.phone)}</a><br><a href="mailto:${esc(s.email)}">${esc(s.email)}</a></address>`,
  );
}
