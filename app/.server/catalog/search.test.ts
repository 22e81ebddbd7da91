import { describe, expect, it } from "vitest";
import { buildIndex, editDistance, matchQuality, queryWords, searchIndex, suggestQuery, type Searchable } from "./search";
import { foldSearch } from "~/shared/fold";

/** A small catalogue with the letters that matter: ı/i, İ/I, ç, ğ, ş, ö, ü and â. */
const product = (id: number, name: string, more: Partial<Searchable> = {}): Searchable => ({
  id,
  name,
  desc: "",
  packageContent: "",
  contains: "",
  allergens: "",
  longDesc: "",
  ...more,
});
const PRODUCTS: Searchable[] = [
  product(1, "Kış Kutusu", { desc: "Tarçınlı yulaflı, portakallı ve vişneli kurabiyeler", packageContent: "6 adet 90 g kurabiye" }),
  product(2, "Bitter 90 g", { desc: "Belçika bitter çikolatalı kurabiye", contains: "Belçika bitter çikolatası (%70 kakao), tereyağı", allergens: "gluten, süt, yumurta" }),
  product(3, "Fındıklı 60 g", { desc: "Kavrulmuş Giresun fındığı", contains: "kavrulmuş fındık (%12)", allergens: "fındık, gluten, süt" }),
  product(4, "İstanbul Kutusu", { desc: "Boğaz manzaralı hediye kutusu", longDesc: "İstanbul'un semtlerinden ilham alan altı kurabiye." }),
  product(5, "Yer Fıstığı Ezmeli 90 g", { allergens: "yer fıstığı, süt", contains: "yer fıstığı ezmesi (%15)" }),
  product(6, "Sıcak Çikolata Karışımı", { desc: "Belçika çikolatasından sıcak çikolata" }),
  product(7, "Kurabiye Kavanozu", { desc: "Kışın en sevilenleri cam kavanozda", packageContent: "12 adet 30 g kurabiye" }),
  product(8, "Islak Kek", { desc: "Kâğıt kalıpta ıslak kek" }),
];
const index = buildIndex(PRODUCTS);
const names = (q: string) => searchIndex(index, q).map((h) => PRODUCTS.find((p) => p.id === h.id)!.name);

describe("search keys (foldSearch)", () => {
  it.each([
    ["KIŞ", "kis"],
    ["kış", "kis"],
    ["Kis", "kis"],
    ["İSTANBUL", "istanbul"],
    ["ISTANBUL", "istanbul"],
    ["Çikolata", "cikolata"],
    ["FINDIĞI", "findigi"],
    ["Kâğıt", "kagit"],
    ["ÖĞÜŞ", "ogus"],
  ])("%s → %s", (typed, key) => expect(foldSearch(typed)).toBe(key));
});

describe("the matching and ranking table (issue 27 §1)", () => {
  it.each([
    // case and dotted/dotless i
    ["kis", "Kış Kutusu"],
    ["KIŞ", "Kış Kutusu"],
    ["kış", "Kış Kutusu"],
    ["Kış kutusu", "Kış Kutusu"],
    ["istanbul", "İstanbul Kutusu"],
    ["İSTANBUL", "İstanbul Kutusu"],
    ["ıstanbul", "İstanbul Kutusu"],
    ["ISLAK", "Islak Kek"],
    ["islak", "Islak Kek"],
    // diacritics optional
    ["cikolata", "Sıcak Çikolata Karışımı"],
    ["sicak cikolata", "Sıcak Çikolata Karışımı"],
    ["findik", "Fındıklı 60 g"],
    ["fistigi", "Yer Fıstığı Ezmeli 90 g"],
    ["kagit", "Islak Kek"],
    // typos: one in 4–7 letters, two from 8
    ["kış kutsu", "Kış Kutusu"],
    ["kavanzou", "Kurabiye Kavanozu"],
    ["cikolta", "Sıcak Çikolata Karışımı"],
    ["istnabul", "İstanbul Kutusu"],
    ["fistik", "Yer Fıstığı Ezmeli 90 g"],
    // the start of a word
    ["kavan", "Kurabiye Kavanozu"],
    ["beçika bit", "Bitter 90 g"],
  ])("%s finds %s first", (q, first) => expect(names(q)[0]).toBe(first));

  it("finds by description, contents and allergens, not only names", () => {
    expect(names("giresun")).toEqual(["Fındıklı 60 g"]);
    expect(names("tereyağı")).toEqual(["Bitter 90 g"]);
    expect(names("yumurta")).toEqual(["Bitter 90 g"]);
    expect(names("semt")).toEqual(["İstanbul Kutusu"]);
    expect(names("gluten")).toEqual(["Bitter 90 g", "Fındıklı 60 g"]);
  });

  it("ranks a name before a description: 'kış' → Kış Kutusu, then the jar whose description says 'Kışın'", () => {
    expect(names("kış")).toEqual(["Kış Kutusu", "Kurabiye Kavanozu"]);
    expect(names("kurabiye")[0]).toBe("Kurabiye Kavanozu");
    expect(names("çikolata")).toEqual(["Sıcak Çikolata Karışımı", "Bitter 90 g"]);
    expect(names("fındık")).toEqual(["Fındıklı 60 g"]);
  });

  it("every word must be found: 'kış kutusu' is not every box", () => {
    expect(names("kutusu")).toEqual(["İstanbul Kutusu", "Kış Kutusu"]);
    expect(names("kış kutusu")).toEqual(["Kış Kutusu"]);
    expect(names("istanbul kış")).toEqual([]);
  });

  it("short words take no typos (no noise), nothing is found for what is not there", () => {
    expect(names("kek")).toEqual(["Islak Kek"]);
    expect(names("kel")).toEqual([]);
    expect(names("pizza")).toEqual([]);
    expect(names("")).toEqual([]);
    expect(names("  ,; ")).toEqual([]);
    expect(names("a")).toEqual([]);
    expect(names("%_\\")).toEqual([]);
  });

  it("a long or odd query stays bounded: 100 characters, 8 words", () => {
    expect(queryWords("kış ".repeat(50))).toEqual(["kis"]);
    expect(queryWords("ab cd ef gh ij kl mn op qr st")).toHaveLength(8);
    expect(queryWords("x".repeat(500))[0]).toHaveLength(100);
  });

  it("'did you mean' offers a nearby name word that finds something, in Turkish letters", () => {
    expect(suggestQuery(index, "kavnzoou")).toBe("kavanozu");
    expect(suggestQuery(index, "Kurabiye KAVNZOOU")).toBe("kurabiye kavanozu");
    expect(names("istabnlu kutusu")).toEqual(["İstanbul Kutusu"]); // two typos in eight letters: found, nothing to suggest
    expect(suggestQuery(index, "kış")).toBeNull(); // found: nothing to suggest
    expect(suggestQuery(index, "qqqqqq")).toBeNull();
  });
});

describe("edit distance and match quality", () => {
  it("counts a swap of neighbours as one edit and stops early above the limit", () => {
    expect(editDistance("kutsu", "kutusu", 1)).toBe(1);
    expect(editDistance("istnabul", "istanbul", 2)).toBe(1);
    expect(editDistance("abc", "xyzabc", 1)).toBe(2);
    expect(editDistance("kitap", "kalem", 1)).toBe(2);
  });
  it("whole word before start before inside before typo", () => {
    const q = ["kutu", "kutu", "utus", "kutsu"].map((w, i) => matchQuality(w, ["kutu", "kutusu", "kutusu", "kutusu"][i]!));
    expect(q[0]).toBeGreaterThan(q[1]!);
    expect(q[1]).toBeGreaterThan(q[2]!);
    expect(q[3]).toBeGreaterThan(0);
    expect(matchQuality("90", "60")).toBe(0);
  });
});
