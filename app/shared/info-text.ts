import type { FaqText, InfoPageText, InfoSection } from "./texts/content.tr";
import { managementTr } from "./texts/management.tr";

/**
 * The plain-text form in which staff edit an information page (about, process, responsibility, the three
 * agreements). One page is:
 *
 *     # Title
 *     @ Yürürlük tarihi: 1 Ocak 2024        (optional: the "updated" line under the title)
 *     An intro paragraph.                    (paragraphs are separated by a blank line)
 *
 *     ## A section heading                   ("##" alone starts a section without a heading)
 *     A paragraph of the section.
 *
 *     - a list item
 *     - another item
 *
 * Lines of one paragraph are joined with a space. The page is shown as text (never as HTML), so nothing in it
 * can run in a visitor's browser.
 */

export const INFO_TEXT_MAX = 60_000;
export const INFO_TITLE_MAX = 120;

export function pageToText(page: InfoPageText): string {
  const out: string[] = [`# ${page.title}`];
  if (page.updated) out.push(`@ ${page.updated}`);
  const blocks: string[] = [...(page.intro ?? [])];
  let text = out.join("\n");
  if (blocks.length) text += `\n${blocks.join("\n\n")}`;
  for (const s of page.sections) {
    const parts: string[] = [s.heading ? `## ${s.heading}` : "##"];
    for (const p of s.paragraphs ?? []) parts.push(p);
    if (s.items?.length) parts.push(s.items.map((i) => `- ${i}`).join("\n"));
    text += `\n\n${parts.join("\n\n")}`;
  }
  return `${text}\n`;
}

/** The checks every page text starts with: its size, then the '# Title' line (blank lines before it are skipped). */
function readTitle(text: string): { ok: true; title: string; lines: string[]; next: number } | { ok: false; error: string } {
  const e = managementTr.pages.errors;
  if (text.length > INFO_TEXT_MAX) return { ok: false, error: e.tooLong };
  if (text.includes("\u0000")) return { ok: false, error: e.title };
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  let i = 0;
  while (i < lines.length && lines[i]!.trim() === "") i++;
  const first = lines[i]?.trim() ?? "";
  if (!/^# \S/.test(first)) return { ok: false, error: e.title };
  const title = first.slice(2).trim();
  if (title.length > INFO_TITLE_MAX) return { ok: false, error: e.title };
  return { ok: true, title, lines, next: i + 1 };
}

export type ParsedInfoText = { ok: true; page: InfoPageText } | { ok: false; error: string };

export function textToPage(text: string): ParsedInfoText {
  const e = managementTr.pages.errors;
  const top = readTitle(text);
  if (!top.ok) return top;
  const { title, lines } = top;
  let i = top.next;
  let updated: string | undefined;
  if (lines[i]?.trim().startsWith("@ ")) {
    updated = lines[i]!.trim().slice(2).trim() || undefined;
    i++;
  }
  const intro: string[] = [];
  const sections: InfoSection[] = [];
  let current: InfoSection | null = null;
  let paragraph: string[] = [];
  const flush = () => {
    if (!paragraph.length) return;
    const p = paragraph.join(" ");
    paragraph = [];
    if (current) (current.paragraphs ??= []).push(p);
    else intro.push(p);
  };
  for (; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (line === "") {
      flush();
    } else if (line === "##" || line.startsWith("## ")) {
      flush();
      const heading = line.slice(2).trim();
      current = heading ? { heading } : {};
      sections.push(current);
    } else if (line.startsWith("- ")) {
      flush();
      if (!current) {
        current = {};
        sections.push(current);
      }
      (current.items ??= []).push(line.slice(2).trim());
    } else {
      paragraph.push(line);
    }
  }
  flush();
  if (intro.length === 0 && sections.length === 0) return { ok: false, error: e.empty };
  const page: InfoPageText = { title, sections };
  if (updated) page.updated = updated;
  if (intro.length) page.intro = intro;
  return { ok: true, page };
}

/** The FAQ (/sss) as staff edit it: the contact prompt under it stays in the code. */
export type FaqContent = Omit<FaqText, "contactPrompt" | "contactLink">;

/**
 * The FAQ's plain-text form: the same title, intro and '## ' sections as the other pages, and in each section
 * its questions: a line starting with '? ' is a question, the lines under it (up to the next question or
 * section) its answer.
 *
 *     # Sıkça Sorulan Sorular
 *     Sipariş, kurabiyeler ve puanlar hakkında.
 *
 *     ## Sipariş süreci
 *     ? Nasıl sipariş verebilirim?
 *     Ürünleri sepetinize ekleyip…
 */
export function faqToText(faq: FaqContent): string {
  let text = `# ${faq.title}\n${faq.intro}`;
  for (const s of faq.sections) text += `\n\n## ${s.heading}${s.qa.map((x) => `\n\n? ${x.q}\n${x.a}`).join("")}`;
  return `${text}\n`;
}

export type ParsedFaqText = { ok: true; faq: FaqContent } | { ok: false; error: string };

export function textToFaq(text: string): ParsedFaqText {
  const e = managementTr.pages.errors;
  const top = readTitle(text);
  if (!top.ok) return top;
  const { title, lines } = top;
  const intro: string[] = [];
  const sections: FaqContent["sections"] = [];
  let question: { q: string; a: string[] } | null = null;
  const close = (): string | null => {
    if (!question) return null;
    if (question.a.length === 0) return e.faqAnswer;
    sections.at(-1)!.qa.push({ q: question.q, a: question.a.join(" ") });
    question = null;
    return null;
  };
  for (let i = top.next; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (line === "") continue;
    if (line.startsWith("## ")) {
      const problem = close();
      if (problem) return { ok: false, error: problem };
      sections.push({ heading: line.slice(3).trim(), qa: [] });
    } else if (line.startsWith("? ")) {
      const problem = close();
      if (problem) return { ok: false, error: problem };
      if (sections.length === 0) return { ok: false, error: e.faqSection };
      question = { q: line.slice(2).trim(), a: [] };
    } else if (question) {
      question.a.push(line);
    } else if (sections.length === 0) {
      intro.push(line);
    } else {
      return { ok: false, error: e.faqSection };
    }
  }
  const problem = close();
  if (problem) return { ok: false, error: problem };
  if (sections.length === 0 || sections.some((s) => s.qa.length === 0)) return { ok: false, error: e.faqEmpty };
  return { ok: true, faq: { title, intro: intro.join(" "), sections } };
}
