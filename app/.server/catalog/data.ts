import type { Nutrition } from "../db/schema/catalog";

/**
 * The demo catalogue: cookie varieties, the products made of them, boxes and groups. Data, not UI text:
 * staff change it in the database later. Image names match the files made by scripts/make-product-images.js.
 */
export interface Variety {
  pid: string;
  slug: string;
  name: string;
  ingredients: string;
  firstProduced: string;
  sizes: number[];
  innerTexture: 1 | 2 | 3;
  nutrition: Nutrition;
  archived?: boolean;
  /** the chocolate named in the contents line */
  chocolate: string;
  extra?: string;
  extraAllergen?: string;
}

const n = (cal: number, fat: number, satfat: number, carb: number, sugar: number, pro: number, salt: number): Nutrition => ({
  cal,
  fat,
  satfat,
  carb,
  sugar,
  pro,
  salt,
});

const DARK = "Belçika bitter çikolatası (%70 kakao)";
const MILK = "Belçika sütlü çikolatası (%36 kakao)";

export const VARIETIES: Variety[] = [
  { pid: "K01", slug: "orijinal", name: "Orijinal", ingredients: "Belçika bitter ve sütlü çikolatası, tereyağı, Madagaskar vanilyası", firstProduced: "2017-03", sizes: [30, 60, 90, 160], innerTexture: 2, nutrition: n(486, 24.1, 14.6, 59.8, 33.2, 6.1, 0.62), chocolate: `${DARK} ve ${MILK}` },
  { pid: "K02", slug: "bitter", name: "Bitter", ingredients: "%70 kakaolu Belçika bitter çikolatası, tereyağı, esmer şeker", firstProduced: "2017-03", sizes: [30, 60, 90, 160], innerTexture: 2, nutrition: n(479, 25.3, 15.2, 55.4, 28.9, 6.6, 0.58), chocolate: DARK },
  { pid: "K03", slug: "sutlu", name: "Sütlü", ingredients: "%36 kakaolu Belçika sütlü çikolatası, tereyağı, vanilya", firstProduced: "2017-05", sizes: [30, 60, 90, 160], innerTexture: 3, nutrition: n(492, 24.8, 15.0, 60.9, 36.7, 6.3, 0.6), chocolate: MILK },
  { pid: "K04", slug: "kakaolu", name: "Çift Çikolatalı", ingredients: "Kakaolu hamur, Belçika bitter çikolatası, tereyağı", firstProduced: "2017-09", sizes: [60, 90, 160], innerTexture: 3, nutrition: n(481, 25.9, 15.8, 54.2, 30.1, 7.0, 0.55), chocolate: DARK, extra: "yağı azaltılmış kakao tozu" },
  { pid: "K05", slug: "findikli", name: "Fındıklı", ingredients: "Kavrulmuş Giresun fındığı, Belçika sütlü çikolatası, tereyağı", firstProduced: "2017-11", sizes: [30, 60, 90, 160], innerTexture: 2, nutrition: n(505, 28.4, 14.1, 53.0, 30.5, 7.6, 0.5), chocolate: MILK, extra: "kavrulmuş fındık (%12)", extraAllergen: "fındık" },
  { pid: "K06", slug: "tuzlu-karamel", name: "Tuzlu Karamel", ingredients: "Ev yapımı karamel, deniz tuzu, Belçika bitter çikolatası", firstProduced: "2018-02", sizes: [60, 90, 160], innerTexture: 3, nutrition: n(488, 23.7, 14.9, 62.1, 37.8, 5.8, 0.95), chocolate: DARK, extra: "karamel (şeker, krema, tereyağı), deniz tuzu" },
  { pid: "K07", slug: "ruby", name: "Ruby", ingredients: "Belçika ruby çikolatası, tereyağı, Madagaskar vanilyası", firstProduced: "2018-06", sizes: [30, 60, 90], innerTexture: 2, nutrition: n(490, 24.5, 14.8, 60.2, 35.9, 6.2, 0.57), chocolate: "Belçika ruby çikolatası (%47 kakao)" },
  { pid: "K08", slug: "gold-karamel", name: "Gold Karamel", ingredients: "Belçika gold karamel çikolatası, tereyağı, esmer şeker", firstProduced: "2019-01", sizes: [105], innerTexture: 3, nutrition: n(497, 25.0, 15.4, 61.0, 38.4, 6.0, 0.7), chocolate: "Belçika gold karamel çikolatası (%30 kakao)" },
  { pid: "K09", slug: "yer-fistikli", name: "Yer Fıstığı Ezmeli", ingredients: "Yer fıstığı ezmesi, Belçika sütlü çikolatası, tereyağı", firstProduced: "2018-04", sizes: [60, 90, 160], innerTexture: 2, nutrition: n(512, 29.6, 13.2, 50.4, 29.0, 10.4, 0.8), chocolate: MILK, extra: "yer fıstığı ezmesi (%15)", extraAllergen: "yer fıstığı" },
  { pid: "K10", slug: "portakalli", name: "Portakallı Bitter", ingredients: "Portakal kabuğu şekerlemesi, Belçika bitter çikolatası, tereyağı", firstProduced: "2018-10", sizes: [60, 90], innerTexture: 1, nutrition: n(470, 22.8, 14.0, 60.5, 35.2, 5.9, 0.52), chocolate: DARK, extra: "portakal kabuğu şekerlemesi" },
  { pid: "K11", slug: "antep-fistikli", name: "Antep Fıstıklı", ingredients: "Antep fıstığı, Belçika beyaz çikolatası, tereyağı", firstProduced: "2019-04", sizes: [30, 60, 90], innerTexture: 2, nutrition: n(508, 27.9, 14.4, 55.7, 34.1, 8.1, 0.55), chocolate: "Belçika beyaz çikolatası", extra: "Antep fıstığı (%10)", extraAllergen: "Antep fıstığı" },
  { pid: "K12", slug: "yulafli", name: "Tarçınlı Yulaflı", ingredients: "Tam yulaf, tarçın, Belçika sütlü çikolatası, tereyağı", firstProduced: "2019-09", sizes: [60, 90], innerTexture: 1, nutrition: n(455, 20.6, 12.1, 59.4, 27.8, 7.4, 0.5), chocolate: MILK, extra: "yulaf ezmesi, tarçın", extraAllergen: "yulaf (gluten)" },
  { pid: "K13", slug: "espresso", name: "Espresso", ingredients: "Taze çekilmiş espresso, Belçika bitter çikolatası, tereyağı", firstProduced: "2020-01", sizes: [60, 90], innerTexture: 2, nutrition: n(476, 24.0, 14.7, 57.9, 31.5, 6.4, 0.56), chocolate: DARK, extra: "espresso kahvesi" },
  { pid: "K14", slug: "visneli", name: "Vişneli Bitter", ingredients: "Kurutulmuş vişne, Belçika bitter çikolatası, tereyağı", firstProduced: "2020-06", sizes: [60, 90], innerTexture: 2, nutrition: n(468, 22.1, 13.6, 61.8, 36.0, 5.7, 0.5), chocolate: DARK, extra: "kurutulmuş vişne" },
  { pid: "K15", slug: "cevizli", name: "Cevizli Sütlü", ingredients: "Ceviz içi, Belçika sütlü çikolatası, tereyağı", firstProduced: "2020-10", sizes: [60, 90, 160], innerTexture: 2, nutrition: n(509, 29.0, 13.9, 52.6, 29.7, 7.9, 0.52), chocolate: MILK, extra: "ceviz içi (%12)", extraAllergen: "ceviz" },
  { pid: "K16", slug: "hindistan-cevizli", name: "Hindistan Cevizli", ingredients: "Hindistan cevizi rendesi, Belçika beyaz çikolatası, tereyağı", firstProduced: "2018-01", sizes: [60, 90], innerTexture: 1, nutrition: n(498, 27.2, 19.8, 56.3, 34.9, 5.6, 0.45), chocolate: "Belçika beyaz çikolatası", extra: "hindistan cevizi", archived: true },
  { pid: "K17", slug: "naneli", name: "Naneli Bitter", ingredients: "Nane yağı, Belçika bitter çikolatası, tereyağı", firstProduced: "2018-12", sizes: [90], innerTexture: 2, nutrition: n(474, 23.9, 14.8, 57.1, 32.0, 6.2, 0.5), chocolate: DARK, extra: "doğal nane yağı", archived: true },
];

export const BOX_TYPES = [
  { code: "kraft", name: "Kraft Kutu", imageUrl: "/img/boxes/kraft.svg", width: 120, height: 90 },
  { code: "hediye", name: "Kırmızı Hediye Kutusu", imageUrl: "/img/boxes/hediye.svg", width: 120, height: 90 },
  { code: "heyecanli", name: "Heyecanlı Kutu", imageUrl: "/img/boxes/heyecanli.svg", width: 120, height: 90 },
  { code: "kurumsal", name: "Lacivert Kurumsal Kutu", imageUrl: "/img/boxes/kurumsal.svg", width: 120, height: 90 },
] as const;

export const GROUPS = [
  { code: "main", kind: "main", name: "Öne Çıkanlar", headline: "El yapımı, Belçika çikolatalı kurabiyeler", description: "Küçük partiler hâlinde, tereyağı ve doğal Madagaskar vanilyasıyla her gün taze pişiriyoruz.", position: 0 },
  { code: "cookie", kind: "group", name: "Kurabiyeler", headline: "Kurabiyeler", description: "On iki çeşit kurabiyemizi tek tek ya da paket hâlinde seçin.", position: 1 },
  { code: "gift", kind: "group", name: "Hediye Kutuları", headline: "Hediye Kutuları", description: "Sevdiklerinize kurabiye ve not gönderin; resim, müzik ya da video da ekleyebilirsiniz.", position: 2 },
  { code: "corp", kind: "group", name: "Kurumsal", headline: "Kurumsal Kutular", description: "50 kişiden fazla çalışanı olan kurumlara özel fiyat ve logolu kutu seçenekleri.", position: 3 },
  { code: "klasik", kind: "sub", name: "Klasikler", headline: "Klasik Kurabiyeler", description: "2017'den beri vazgeçilmezlerimiz.", position: 4 },
  { code: "ozel", kind: "sub", name: "Özel Seri", headline: "Özel Seri Kurabiyeler", description: "Ruby, gold karamel, Antep fıstığı ve daha fazlası.", position: 5 },
  { code: "mini", kind: "sub", name: "Mini", headline: "Mini Kurabiyeler (30 g)", description: "Tadımlık boy.", position: 6 },
  { code: "ekstralar", kind: "sub", name: "Ekstralar", headline: "Ekstralar", description: "Siparişinize eklenebilecek küçük sürprizler.", position: 7 },
] as const;

const PRICE_BY_SIZE: Record<number, number> = { 30: 4500, 60: 8000, 90: 11000, 105: 13500, 160: 18500 };

/** Single cookies: which variety is sold in which sizes (12 varieties; every size of SPEC §9 appears). */
export const SINGLE_SIZES: [slug: string, sizes: number[]][] = [
  ["orijinal", [30, 60, 90, 160]],
  ["bitter", [30, 90, 160]],
  ["sutlu", [60, 90]],
  ["kakaolu", [90, 160]],
  ["findikli", [90]],
  ["tuzlu-karamel", [90]],
  ["ruby", [60]],
  ["gold-karamel", [105]],
  ["yer-fistikli", [90]],
  ["portakalli", [90]],
  ["antep-fistikli", [30, 60]],
  ["yulafli", [90]],
];

/** A few singles are on sale (kuruş below the list price). */
const SINGLE_SALE: Record<string, number> = { "bitter-160": 16500, "ruby-60": 7200, "yulafli-90": 9900 };

export const CARE =
  "Serin ve kuru bir yerde, kapalı kutusunda saklayınız. Üretimden itibaren 15 gün içinde tüketmenizi öneririz. Dondurucuda 3 aya kadar saklanabilir; oda sıcaklığında çözdürünüz.";
export const HEATING = "150 °C'ye ısıtılmış fırında 7–10 dakika ısıtıp ılık servis edebilirsiniz.";
const BASE_CONTENTS = "buğday unu, tereyağı, esmer şeker, toz şeker, yumurta, doğal Madagaskar vanilyası, kabartma tozu, deniz tuzu";
const BASE_ALLERGENS = "Gluten (buğday), süt ve süt ürünleri, yumurta";
const TRACES = "Aynı atölyede fındık, yer fıstığı, Antep fıstığı, ceviz ve soya işlenmektedir; eser miktarda içerebilir.";

export function contentsOf(v: Variety): string {
  const c = `${v.chocolate}, ${BASE_CONTENTS}${v.extra ? `, ${v.extra}` : ""}`;
  return c.charAt(0).toLocaleUpperCase("tr") + c.slice(1) + ".";
}
export function allergensOf(v: Variety): string {
  return `${BASE_ALLERGENS}${v.extraAllergen ? `, ${v.extraAllergen}` : ""}. ${TRACES}`;
}

export interface ProductSeed {
  id: number;
  name: string;
  desc: string;
  longDesc: string;
  packageContent: string;
  itemPrice: number;
  originalPrice: number;
  imgName: string;
  altImages: { One?: string; Two?: string; Three?: string };
  defaultBox: string | null;
  innerTexture: number | null;
  group: "single" | "cookie" | "gift" | "corp";
  weightG: number | null;
  contains: string;
  allergens: string;
  care: string;
  heating: string;
  nutrition: Nutrition | null;
  stock: number | null;
  createdAt: string;
  groups: string[];
}

const variety = (slug: string) => {
  const v = VARIETIES.find((x) => x.slug === slug);
  if (!v) throw new Error(`unknown variety ${slug}`);
  return v;
};

/** Average nutrition of several varieties (for mixed boxes), rounded to one decimal. */
export function mixNutrition(slugs: string[]): Nutrition {
  const vs = slugs.map(variety);
  const avg = (k: keyof Nutrition) => Math.round((vs.reduce((s, v) => s + v.nutrition[k], 0) / vs.length) * 10) / 10;
  return { cal: Math.round(avg("cal")), fat: avg("fat"), satfat: avg("satfat"), carb: avg("carb"), sugar: avg("sugar"), pro: avg("pro"), salt: avg("salt") };
}

const KLASIK = new Set(["orijinal", "bitter", "sutlu", "kakaolu", "findikli"]);

export function buildProducts(): ProductSeed[] {
  const out: ProductSeed[] = [];
  let id = 10001;
  for (const [slug, sizes] of SINGLE_SIZES) {
    const v = variety(slug);
    for (const size of sizes) {
      const list = PRICE_BY_SIZE[size]!;
      const sale = SINGLE_SALE[`${slug}-${size}`];
      const groups = [
        "cookie",
        KLASIK.has(slug) ? "klasik" : "ozel",
        ...(size === 30 ? ["mini"] : []),
        ...((slug === "orijinal" || slug === "bitter") && size === 90 ? ["main"] : []),
      ];
      out.push({
        id: id++,
        name: `${v.name} ${size} g`,
        desc: v.ingredients,
        longDesc: `${v.name} kurabiyemiz ${size} gramlık tek kurabiye olarak, her sabah küçük partiler hâlinde elde şekillendirilip pişirilir. ${v.ingredients}.`,
        packageContent: `1 adet ${size} g kurabiye`,
        itemPrice: sale ?? list,
        originalPrice: list,
        imgName: `cookie-${slug}`,
        altImages: { One: `cookie-${slug}-ic`, Two: `cookie-${slug}-yigin` },
        defaultBox: null,
        innerTexture: v.innerTexture,
        group: "single",
        weightG: size,
        contains: contentsOf(v),
        allergens: allergensOf(v),
        care: CARE,
        heating: HEATING,
        nutrition: v.nutrition,
        stock: slug === "gold-karamel" ? 0 : 40 + ((id * 7) % 60),
        createdAt: `${v.firstProduced}-01T09:00:00+03:00`,
        groups,
      });
    }
  }
  const mixedContents = `${DARK}, ${MILK}, ${BASE_CONTENTS}; seçime göre fındık, karamel ve Antep fıstığı.`;
  const mixedAllergens = `${BASE_ALLERGENS}, fındık, Antep fıstığı. ${TRACES}`;
  const box = (p: Omit<ProductSeed, "contains" | "allergens" | "care" | "heating" | "group" | "nutrition"> & Partial<ProductSeed>): ProductSeed => ({
    contains: mixedContents,
    allergens: mixedAllergens,
    care: CARE,
    heating: HEATING,
    group: "cookie",
    nutrition: mixNutrition(["orijinal", "bitter", "sutlu", "findikli"]),
    ...p,
  });
  out.push(
    box({ id: 11001, name: "Klasik Altılı", desc: "Orijinal, bitter ve sütlü kurabiyelerden altı adet", longDesc: "En çok sevilen üç klasiğimizden ikişer adet, kraft kutusunda.", packageContent: "6 adet 90 g kurabiye (2 Orijinal, 2 Bitter, 2 Sütlü)", itemPrice: 59000, originalPrice: 59000, imgName: "pack-klasik", altImages: { One: "pack-klasik-acik" }, defaultBox: "kraft", innerTexture: 2, weightG: 540, stock: 30, createdAt: "2017-06-01T09:00:00+03:00", groups: ["main", "cookie", "klasik"], nutrition: mixNutrition(["orijinal", "bitter", "sutlu"]) }),
    box({ id: 11002, name: "Karışık Dörtlü", desc: "Dört farklı çeşit, 60 g boy", longDesc: "Her seferinde farklı dört çeşidi birlikte deneyin.", packageContent: "4 adet 60 g kurabiye (Orijinal, Çift Çikolatalı, Fındıklı, Tuzlu Karamel)", itemPrice: 29900, originalPrice: 31900, imgName: "pack-dortlu", altImages: { One: "pack-dortlu-acik" }, defaultBox: "kraft", innerTexture: 3, weightG: 240, stock: 25, createdAt: "2018-03-01T09:00:00+03:00", groups: ["cookie"], nutrition: mixNutrition(["orijinal", "kakaolu", "findikli", "tuzlu-karamel"]) }),
    box({ id: 11003, name: "Mini Kurabiye Kavanozu", desc: "On iki adet 30 g mini kurabiye", longDesc: "Masanızda dursun: cam kavanozda on iki mini kurabiye.", packageContent: "12 adet 30 g kurabiye, cam kavanoz", itemPrice: 42000, originalPrice: 42000, imgName: "pack-kavanoz", altImages: {}, defaultBox: null, innerTexture: 1, weightG: 360, stock: 15, createdAt: "2019-02-01T09:00:00+03:00", groups: ["cookie", "mini"] }),
    box({ id: 20001, name: "Küçük Hediye Kutusu", desc: "Dört kurabiye ve el yazısı notunuz", longDesc: "Kırmızı hediye kutusunda dört kurabiye; notunuzu biz yazıp ekliyoruz.", packageContent: "4 adet 90 g kurabiye, hediye notu", itemPrice: 44900, originalPrice: 44900, imgName: "gift-kucuk", altImages: { One: "gift-kucuk-acik", Two: "gift-kucuk-not" }, defaultBox: "hediye", innerTexture: 2, weightG: 360, stock: 20, createdAt: "2018-11-01T09:00:00+03:00", group: "gift", groups: ["gift"] }),
    box({ id: 20002, name: "Heyecanlı Kutu", desc: "İçinde ne olduğu açılınca belli olan sürpriz kutu", longDesc: "Altı kurabiye, bir sürpriz ikram ve dijital hediye notu. Hangi çeşitlerin çıkacağını kutuyu açan görür.", packageContent: "6 adet 90 g sürpriz kurabiye, sürpriz ikram, hediye notu", itemPrice: 39900, originalPrice: 47900, imgName: "gift-heyecanli", altImages: { One: "gift-heyecanli-acik", Two: "gift-heyecanli-not", Three: "gift-heyecanli-yan" }, defaultBox: "heyecanli", innerTexture: 3, weightG: 560, stock: 18, createdAt: "2019-12-01T09:00:00+03:00", group: "gift", groups: ["main", "gift"] }),
    box({ id: 20003, name: "Doğum Günü Kutusu", desc: "Dokuz kurabiye ve doğum günü mumu", longDesc: "Dokuz kurabiyeyle pasta yerine geçen kutu; mumu ve kibriti içinde.", packageContent: "9 adet 60 g kurabiye, 1 mum", itemPrice: 64900, originalPrice: 64900, imgName: "gift-dogumgunu", altImages: { One: "gift-dogumgunu-acik" }, defaultBox: "hediye", innerTexture: 2, weightG: 540, stock: 12, createdAt: "2020-04-01T09:00:00+03:00", group: "gift", groups: ["gift"] }),
    box({ id: 20004, name: "Teşekkür Kutusu", desc: "Üç kurabiye ve 'Teşekkürler' kartı", longDesc: "Küçük bir teşekkür için üç kurabiye ve kart.", packageContent: "3 adet 90 g kurabiye, teşekkür kartı", itemPrice: 32900, originalPrice: 34900, imgName: "gift-tesekkur", altImages: {}, defaultBox: "hediye", innerTexture: 2, weightG: 270, stock: 22, createdAt: "2021-02-01T09:00:00+03:00", group: "gift", groups: ["gift"] }),
    box({ id: 20005, name: "Kış Kutusu", desc: "Tarçınlı yulaflı, portakallı ve vişneli kurabiyeler", longDesc: "Soğuk günler için baharatlı ve meyveli altı kurabiye.", packageContent: "6 adet 90 g kurabiye (2 Tarçınlı Yulaflı, 2 Portakallı Bitter, 2 Vişneli Bitter)", itemPrice: 62900, originalPrice: 62900, imgName: "gift-kis", altImages: { One: "gift-kis-acik" }, defaultBox: "hediye", innerTexture: 2, weightG: 540, stock: 16, createdAt: "2026-11-02T09:00:00+03:00", group: "gift", groups: ["main", "gift"], nutrition: mixNutrition(["yulafli", "portakalli", "visneli"]) }),
    box({ id: 30001, name: "Kurumsal Kutu 12'li", desc: "Ekipler ve toplantılar için on iki kurabiye", longDesc: "Lacivert kurumsal kutuda on iki kurabiye; 50 kişiden fazla çalışanı olan kurumlara özel fiyat için bize yazın.", packageContent: "12 adet 60 g kurabiye", itemPrice: 89000, originalPrice: 89000, imgName: "corp-12", altImages: { One: "corp-12-acik" }, defaultBox: "kurumsal", innerTexture: 2, weightG: 720, stock: 40, createdAt: "2018-09-01T09:00:00+03:00", group: "corp", groups: ["corp"] }),
    box({ id: 30002, name: "Logolu Kurumsal Kutu 24'lü", desc: "Kutunun kapağında kurumunuzun logosu", longDesc: "Yirmi dört kurabiye, logonuz baskılı kutuda. Logo dosyanızı sipariş sonrası e-postayla iletirsiniz.", packageContent: "24 adet 60 g kurabiye, logolu kapak", itemPrice: 169000, originalPrice: 179000, imgName: "corp-24", altImages: {}, defaultBox: "kurumsal", innerTexture: 2, weightG: 1440, stock: 20, createdAt: "2019-05-01T09:00:00+03:00", group: "corp", groups: ["corp"] }),
    box({ id: 30003, name: "Toplantı Tepsisi", desc: "Otuz mini kurabiye, paylaşımlık tepside", longDesc: "Toplantı ve etkinlikler için otuz adet 30 g kurabiye.", packageContent: "30 adet 30 g kurabiye, karton tepsi", itemPrice: 99000, originalPrice: 99000, imgName: "corp-tepsi", altImages: {}, defaultBox: null, innerTexture: 1, weightG: 900, stock: 10, createdAt: "2020-09-01T09:00:00+03:00", group: "corp", groups: ["corp"] }),
  );
  const addon = (p: Pick<ProductSeed, "id" | "name" | "desc" | "packageContent" | "itemPrice" | "imgName" | "createdAt"> & Partial<ProductSeed>): ProductSeed => ({
    longDesc: p.desc,
    originalPrice: p.itemPrice,
    altImages: {},
    defaultBox: null,
    innerTexture: null,
    group: "single",
    weightG: null,
    contains: "",
    allergens: "",
    care: "Serin ve kuru bir yerde saklayınız.",
    heating: "",
    nutrition: null,
    stock: 100,
    groups: ["ekstralar"],
    ...p,
  });
  out.push(
    addon({ id: 40001, name: "Hediye Kartı", desc: "Notunuz için kalın, geri dönüştürülmüş kâğıttan kart", packageContent: "1 kart, 1 zarf", itemPrice: 1500, imgName: "addon-kart", createdAt: "2018-01-01T09:00:00+03:00" }),
    addon({ id: 40002, name: "Doğum Günü Mumu", desc: "Kurabiyenize dikmek için bir adet mum", packageContent: "1 mum", itemPrice: 1000, imgName: "addon-mum", createdAt: "2019-03-01T09:00:00+03:00" }),
    addon({ id: 40003, name: "Kurdele Paketi", desc: "Kutunuza saten kurdele ve süsleme", packageContent: "Saten kurdele", itemPrice: 2000, imgName: "addon-kurdele", createdAt: "2019-03-01T09:00:00+03:00" }),
    addon({ id: 40004, name: "Sıcak Çikolata Karışımı", desc: "Belçika çikolatasından sıcak çikolata, iki fincanlık", packageContent: "2 × 30 g", itemPrice: 6500, imgName: "addon-sicak-cikolata", createdAt: "2020-11-01T09:00:00+03:00", contains: "Belçika sütlü çikolatası (%36 kakao), kakao tozu.", allergens: "Süt ve süt ürünleri. Eser miktarda fındık ve soya içerebilir.", care: "Serin ve kuru bir yerde saklayınız; açıldıktan sonra 1 ay içinde tüketiniz." }),
  );
  return out;
}

/** Ribbon choices for the two boxes most often sent as presents. */
export const VARIANTS: { productId: number; code: string; name: string; priceDelta: number }[] = [
  { productId: 20001, code: "kirmizi", name: "Kırmızı kurdele", priceDelta: 0 },
  { productId: 20001, code: "altin", name: "Altın kurdele", priceDelta: 0 },
  { productId: 20001, code: "kadife", name: "Kadife kurdele", priceDelta: 2000 },
  { productId: 20002, code: "kirmizi", name: "Kırmızı kurdele", priceDelta: 0 },
  { productId: 20002, code: "altin", name: "Altın kurdele", priceDelta: 0 },
];

/** How popular each product was, now and in the past: drives the seeded sales history. */
export const SALES_PROFILE: Record<number, { base: number; recent: number; old: number }> = {
  10003: { base: 6, recent: 1, old: 1.4 }, // Orijinal 90 g: the all-time favourite
  10006: { base: 4, recent: 1, old: 1.2 }, // Bitter 90 g
  20002: { base: 3, recent: 1.6, old: 0.6 }, // Heyecanlı Kutu: strong this season
  20005: { base: 5, recent: 2.2, old: 0 }, // Kış Kutusu: new, only recent
  11001: { base: 3, recent: 0.8, old: 1 },
  10009: { base: 2, recent: 1.3, old: 0.7 },
  10016: { base: 2, recent: 0.9, old: 1.1 },
  20001: { base: 2, recent: 0.7, old: 1 },
  30001: { base: 1, recent: 1, old: 1 },
  10013: { base: 2, recent: 1.4, old: 0.3 },
};
