/** Texts of the product search page /ara (issue 27 §1); the header's field has its few words in tr.ts (`header.search*`). */
export const searchTr = {
  title: "Ürün Ara",
  resultsTitle: "“{q}” için arama sonuçları",
  description: "Kurabiyelerimizi ve hediye kutularımızı adına, içindekilere ya da alerjenlere göre arayın.",
  intro: "Ürün adı, içindekiler ya da alerjen yazın: büyük-küçük harf ve Türkçe karakterler fark etmez.",
  found: "{n} ürün bulundu.",
  noneTitle: "“{q}” ile eşleşen ürün bulamadık.",
  didYouMean: "Bunu mu demek istediniz:",
  tips: [
    "Yazımı kontrol edin ya da daha kısa bir kelime deneyin (ör. “kutu”, “fındık”).",
    "Ürün adı yerine içindeki bir malzemeyi yazabilirsiniz (ör. “vişne”, “karamel”).",
  ],
  browse: "Kategorilere göz atın:",
} as const;
