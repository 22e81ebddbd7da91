import { existsSync, readdirSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { simpleParser } from "mailparser";

export interface OutboxMail {
  file: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Reads the .eml files of the outbox directory, oldest first (for tests and support). */
export async function readOutbox(dir: string): Promise<OutboxMail[]> {
  if (!existsSync(dir)) return [];
  const files = readdirSync(dir).filter((f) => f.endsWith(".eml")).sort();
  return Promise.all(
    files.map(async (file) => {
      const m = await simpleParser(readFileSync(resolve(dir, file)));
      const to = Array.isArray(m.to) ? m.to.map((a) => a.text).join(", ") : (m.to?.text ?? "");
      return { file, to, subject: m.subject ?? "", text: m.text ?? "", html: typeof m.html === "string" ? m.html : "" };
    }),
  );
}
