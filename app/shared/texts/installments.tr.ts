/** Texts of installments (issue 27 §3): the payment step's table, the order's pages, mails and invoice, and staff's settings. */
export const installmentsTr = {
  single: "Tek çekim",
  countName: "{count} taksit",
  singleSummary: "{total} tek çekim",
  summary: "{count} × {monthly} = {total}",
  table: {
    legend: "Taksit seçenekleri",
    count: "Taksit",
    monthly: "Aylık",
    total: "Toplam",
    typeFirst: "Kart numaranızın ilk 6 hanesini yazdığınızda taksit seçenekleri burada görünür.",
    loading: "Taksit seçenekleri yükleniyor…",
    failed: "Taksit seçenekleri şu an alınamadı; ödemeniz tek çekim olarak alınacak.",
    onlySingle: "Bu kartla yalnızca tek çekim yapılabilir.",
    interestFree: "Vade farksız",
    interest: "Vade farkı {amount}",
    bank: "{bank} · {family}",
    chosen: "{count} taksit seçildi: aylık {monthly}, toplam {total}",
  },
  errors: {
    /** The count or total posted is not what the server computes for this card and amount. */
    changed: "Seçtiğiniz taksit bu kart ve tutar için geçerli değil ya da tutarı değişti. Lütfen ödeme adımında taksit seçiminizi yeniden yapınız.",
    unavailable: "Taksit seçenekleri şu an alınamıyor. Ödeme adımında tek çekimi seçebilir ya da biraz sonra yeniden deneyebilirsiniz.",
    badBin: "Kart numarasının ilk 6 ya da 8 hanesini giriniz.",
  },
  /** The sandbox provider's refusal of a count or total it does not offer for the card (as iyzico refuses). */
  providerInvalid: "Geçersiz taksit bilgisi: bu kart için seçilen taksit ya da tutar uygun değil",
  order: {
    /** The order's amount before the bank's interest (the mail's total row when paid in installments). */
    orderTotal: "Sipariş tutarı",
    installment: "Taksit",
    interest: "Vade farkı",
    paidTotal: "Karttan çekilen toplam",
    toCharge: "Karttan çekilecek toplam",
    line: "{count} taksit × {monthly}",
  },
  productLine: "{monthly} × {count} taksitle ({families} kartlara vade farksız)",
  productLineLabel: "Taksit seçeneği",
  settings: {
    title: "Taksit kampanyaları",
    hint: "Ürün sayfasındaki \"₺X × N taksit\" satırı bankalarla yaptığın vade farksız kampanyalardan hesaplanır; liste boşsa satır görünmez. Her satıra bir kampanya: kart aileleri (virgülle); taksit sayısı; en az tutar (₺). Örnek: Bonus, World; 3; 150",
    campaigns: "Kampanyalar",
    save: "Taksit kampanyalarını kaydet",
    saved: "Taksit kampanyaları kaydedildi.",
    invalidLine: "{line}. satır okunamadı: kart aileleri (virgülle); 2 ile 12 arasında taksit sayısı; en az tutar (₺) olmalı.",
  },
  refund: {
    hint: "Bu ödeme {count} taksitle alındı; vade farkı {interest}. Tam iade vade farkı dahil {paid} öder. Kısmi iadede yazdığın tutar karta aynen iade edilir.",
  },
} as const;
