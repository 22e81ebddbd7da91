import { fmt, tr } from "~/shared/texts/tr";
import { sellerTr } from "~/shared/texts/seller.tr";
import { getSellerIdentity, sellerAddress } from "../seller/service";

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** http(s) addresses in a paragraph; a closing punctuation mark after one belongs to the sentence. */
const URL_IN_TEXT = /https?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)]/g;

/**
 * A paragraph as HTML: escaped, with every http(s) address a link (issue 22: the gift note's and the invoice's
 * addresses in the order mail were plain text). The plain-text part keeps the addresses as they are.
 */
export function paragraphHtml(text: string): string {
  let out = "";
  let at = 0;
  for (const m of text.matchAll(URL_IN_TEXT)) {
    out += esc(text.slice(at, m.index));
    out += `<a href="${esc(m[0])}" style="color:#6b3a1c">${esc(m[0])}</a>`;
    at = m.index + m[0].length;
  }
  return out + esc(text.slice(at));
}

export interface MailContent {
  heading: string;
  paragraphs: string[];
  button?: { label: string; url: string };
  /** Rows of label/value shown as a small table (order lines, amounts). */
  table?: [string, string][];
}

/** Every mail of the shop in one brand layout, as HTML and plain text (both Turkish). */
export function renderMail(c: MailContent): { html: string; text: string } {
  const s = getSellerIdentity();
  const sellerLine = fmt(sellerTr.mailLine, { title: s.title, address: sellerAddress(s), phone: s.phone, email: s.email, mersis: s.mersis });
  const rows = c.table?.map(([k, v]) => `<tr><td style="padding:4px 8px">${esc(k)}</td><td style="padding:4px 8px;text-align:right">${esc(v)}</td></tr>`).join("") ?? "";
  const html = `<!doctype html><html lang="tr"><head><meta charset="utf-8"><title>${esc(c.heading)}</title></head>
<body style="margin:0;background:#fbf6ef;font-family:Arial,Helvetica,sans-serif;color:#3b2417">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;background:#fff;border-radius:12px">
<tr><td style="background:#3b2417;color:#fbf6ef;padding:16px 24px;border-radius:12px 12px 0 0;font-size:20px;font-weight:bold">${esc(tr.brand.name)}</td></tr>
<tr><td style="padding:24px">
<h1 style="font-size:20px;margin:0 0 16px">${esc(c.heading)}</h1>
${c.paragraphs.map((p) => `<p style="line-height:1.6;margin:0 0 12px">${paragraphHtml(p)}</p>`).join("\n")}
${rows ? `<table role="presentation" cellpadding="0" cellspacing="0" style="width:100%;margin:12px 0;border-collapse:collapse">${rows}</table>` : ""}
${c.button ? `<p style="margin:24px 0"><a href="${esc(c.button.url)}" style="background:#6b3a1c;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:bold">${esc(c.button.label)}</a></p>` : ""}
</td></tr>
<tr><td style="padding:16px 24px;font-size:12px;color:#6b3a1c">${esc(sellerLine)}</td></tr>
</table></td></tr></table></body></html>`;
  const text = [
    tr.brand.name,
    "",
    c.heading,
    "",
    ...c.paragraphs.flatMap((p) => [p, ""]),
    ...(c.table?.map(([k, v]) => `${k}: ${v}`) ?? []),
    ...(c.button ? ["", `${c.button.label}: ${c.button.url}`] : []),
    "",
    sellerLine,
  ].join("\n");
  return { html, text };
}
