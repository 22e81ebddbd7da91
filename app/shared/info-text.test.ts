import { describe, expect, it } from "vitest";
import { INFO_TEXT_MAX, pageToText, textToPage } from "./info-text";
import { about, process, responsibility } from "./texts/content.tr";
import { dely, nda, popd } from "./texts/legal.tr";

describe("information pages as plain text", () => {
  it("every page in the code comes back unchanged from its text", () => {
    for (const page of [about, process, responsibility, nda, popd, dely]) {
      const parsed = textToPage(pageToText(page));
      expect(parsed, page.title).toEqual({ ok: true, page: JSON.parse(JSON.stringify(page)) });
    }
  });

  it("reads titles, the updated line, paragraphs over several lines, headless sections and lists", () => {
    const r = textToPage("\r\n# Başlık \r\n@ Güncelleme: 1 Ocak 2026\r\nBir\r\niki.\r\n\r\n- önce liste\r\n##\r\nBaşlıksız bölüm.\r\n## Son\r\n- a\r\n- b\r\nsonra paragraf");
    expect(r).toEqual({
      ok: true,
      page: {
        title: "Başlık",
        updated: "Güncelleme: 1 Ocak 2026",
        intro: ["Bir iki."],
        sections: [{ items: ["önce liste"] }, { paragraphs: ["Başlıksız bölüm."] }, { heading: "Son", items: ["a", "b"], paragraphs: ["sonra paragraf"] }],
      },
    });
  });

  it("refuses a text without a title line, with nothing under it, or too long, with Turkish messages", () => {
    expect(textToPage("Başlık yok")).toEqual({ ok: false, error: expect.stringContaining("'# '") });
    expect(textToPage("#Başlık\nmetin")).toMatchObject({ ok: false });
    expect(textToPage(`# ${"x".repeat(121)}\nmetin`)).toMatchObject({ ok: false });
    expect(textToPage("# Başlık\n\n\n")).toEqual({ ok: false, error: "Başlığın altına en az bir paragraf ya da bölüm yazın." });
    expect(textToPage(`# Başlık\n${"a".repeat(INFO_TEXT_MAX)}`)).toEqual({ ok: false, error: "Metin en fazla 60.000 karakter olabilir." });
  });
});
