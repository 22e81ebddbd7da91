import { describe, expect, it } from "vitest";
import { paragraphHtml, renderMail } from "./layout";

describe("mail layout", () => {
  it("addresses in a paragraph are links in the HTML part and plain in the text part (order mail: gift note, invoice)", () => {
    const note = "Hediye notunuzun dijital hâli: https://kurabiye.example/s/AB12CD";
    const invoice = "Faturanızı görüntülemek ve yazdırmak için (30 gün geçerli): https://kurabiye.example/printinvoice/x?imza=a.b&son=1.";
    const { html, text } = renderMail({ heading: "Teşekkürler", paragraphs: [note, invoice] });
    expect(html).toContain('<a href="https://kurabiye.example/s/AB12CD" style="color:#6b3a1c">https://kurabiye.example/s/AB12CD</a>');
    // the '&' is escaped inside the attribute, and the sentence's full stop stays outside the link
    expect(html).toContain('<a href="https://kurabiye.example/printinvoice/x?imza=a.b&amp;son=1" style="color:#6b3a1c">https://kurabiye.example/printinvoice/x?imza=a.b&amp;son=1</a>.');
    expect(text).toContain(note);
    expect(text).toContain(invoice);
    expect(text).not.toContain("<a ");
  });
  it("everything else stays escaped text: no markup and no other schemes become links", () => {
    expect(paragraphHtml('<b>x</b> javascript:alert(1) "https://a.example/p"')).toBe(
      '&lt;b&gt;x&lt;/b&gt; javascript:alert(1) &quot;<a href="https://a.example/p" style="color:#6b3a1c">https://a.example/p</a>&quot;',
    );
    expect(paragraphHtml("Adres yok.")).toBe("Adres yok.");
  });
});
