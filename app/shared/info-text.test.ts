import { describe, expect, it } from "vitest";
import { faqToText, INFO_TEXT_MAX, pageToText, textToFaq, textToPage } from "./info-text";
import { about, process, responsibility, sss } from "./texts/content.tr";
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

  it("the FAQ comes back unchanged from its text: sections, '? ' questions and their answers", () => {
    const { contactPrompt: _p, contactLink: _l, ...faq } = sss;
    expect(textToFaq(faqToText(faq))).toEqual({ ok: true, faq });
    expect(textToFaq("# SSS\nGiriş\niki satır.\n\n## Sipariş\n? Nasıl?\nSepete ekleyin\nve ödeyin.\n? Ne zaman?\nYarın.\n## Puan\n? Kaç puan?\nÇok.")).toEqual({
      ok: true,
      faq: {
        title: "SSS",
        intro: "Giriş iki satır.",
        sections: [
          { heading: "Sipariş", qa: [{ q: "Nasıl?", a: "Sepete ekleyin ve ödeyin." }, { q: "Ne zaman?", a: "Yarın." }] },
          { heading: "Puan", qa: [{ q: "Kaç puan?", a: "Çok." }] },
        ],
      },
    });
  });

  it("refuses a FAQ question without an answer, outside a section, loose text in a section, or no questions", () => {
    expect(textToFaq("Başlık yok")).toEqual({ ok: false, error: expect.stringContaining("'# '") });
    expect(textToFaq("# SSS\n## Bölüm\n? Soru\n## Başka\n? Cevaplı\nevet")).toEqual({ ok: false, error: "'? ' ile başlayan her sorunun altına cevabını yazın." });
    expect(textToFaq("# SSS\n## Bölüm\n? Son soru")).toMatchObject({ ok: false, error: expect.stringContaining("cevabını") });
    expect(textToFaq("# SSS\n? Bölümsüz\ncevap")).toMatchObject({ ok: false, error: expect.stringContaining("'## '") });
    expect(textToFaq("# SSS\n## Bölüm\nsorusuz metin")).toMatchObject({ ok: false, error: expect.stringContaining("'## '") });
    expect(textToFaq("# SSS\ngiriş")).toEqual({ ok: false, error: "En az bir bölüm yazın; her bölümde en az bir soru olmalıdır." });
    expect(textToFaq("# SSS\n## Boş\n## Dolu\n? S\nC")).toMatchObject({ ok: false });
    expect(textToFaq(`# SSS\n## B\n? S\n${"a".repeat(INFO_TEXT_MAX)}`)).toEqual({ ok: false, error: "Metin en fazla 60.000 karakter olabilir." });
  });
});
