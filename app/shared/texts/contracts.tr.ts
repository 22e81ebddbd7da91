/**
 * The pre-information form and the distance-sales contract (6502 sayılı Tüketicinin Korunması Hakkında Kanun
 * and Mesafeli Sözleşmeler Yönetmeliği). Filled per order by app/.server/checkout/contracts.ts.
 * Terms follow SPEC §9: delivered to the carrier within 30 days, delivered within 2 days after the shipment
 * code, delivery within 10 days, refund within 10 days on cancellation, default interest 5 % per month,
 * no right of withdrawal for perishable food.
 */
export const contractsTr = {
  /** The templates' version, stored with every order's accepted texts: change it whenever a text below changes. */
  version: "2026-11-25",
  preInfo: {
    title: "Ön Bilgilendirme Formu",
    acceptLabel: "Ön Bilgilendirme Formu'nu okudum ve kabul ediyorum.",
    sections: {
      seller: "1. Satıcı Bilgileri",
      buyer: "2. Alıcı Bilgileri",
      goods: "3. Sözleşme Konusu Ürünler",
      payment: "4. Ödeme ve Teslimat",
      withdrawal: "5. Cayma Hakkı",
      complaints: "6. Şikâyet ve İtirazlar",
    },
    goodsIntro: "Ürünlerin temel nitelikleri, adetleri ve vergiler dâhil satış fiyatları aşağıdadır:",
    paymentText:
      "Ödeme kredi kartı ile sipariş onayında tek çekim olarak alınır. Ürünler el yapımıdır ve siparişe göre küçük partiler hâlinde hazırlanır.",
    deliveryText: "Teslimat şekli: {deliveryType}. {details} Hazır olma tarihi: {readyDate}. Tahmini teslimat: {estimatedDelivery}.",
    deliveryTerms:
      "Ürünler sipariş tarihinden itibaren en geç 30 gün içinde kargo firmasına teslim edilir; kargo takip kodunun iletilmesinden sonra en geç 2 gün içinde alıcıya ulaştırılır. Teslimat her durumda yasal süre olan 30 günü aşmaz; olağan teslim süresi 10 gündür.",
    withdrawalText:
      "Sipariş konusu ürünler çabuk bozulabilen gıda ürünleri olduğundan Mesafeli Sözleşmeler Yönetmeliği'nin 15. maddesinin (1) fıkrasının (c) bendi uyarınca ALICI'nın cayma hakkı bulunmamaktadır. Sipariş fırına girmeden (hazırlık aşamasından önce) iptal edilebilir; iptal hâlinde ödeme 10 gün içinde iade edilir.",
    complaintsText:
      "Şikâyet ve itirazlar için yukarıdaki iletişim bilgilerinden bize ulaşabilirsiniz. Ticaret Bakanlığınca ilan edilen parasal sınırlar dâhilinde tüketici hakem heyetlerine veya tüketici mahkemelerine başvurulabilir.",
  },
  contract: {
    title: "Mesafeli Satış Sözleşmesi",
    acceptLabel: "Mesafeli Satış Sözleşmesi'ni okudum ve kabul ediyorum.",
    articles: {
      parties: "Madde 1 — Taraflar",
      subject: "Madde 2 — Sözleşmenin Konusu",
      goods: "Madde 3 — Ürünler ve Bedel",
      delivery: "Madde 4 — Teslimat",
      withdrawal: "Madde 5 — Cayma Hakkı",
      obligations: "Madde 6 — Genel Hükümler",
      default: "Madde 7 — Temerrüt",
      jurisdiction: "Madde 8 — Yetkili Merci ve Yürürlük",
    },
    subjectText:
      "İşbu sözleşmenin konusu, ALICI'nın SATICI'ya ait internet sitesi üzerinden elektronik ortamda sipariş verdiği aşağıda nitelikleri ve satış fiyatı belirtilen ürünlerin satışı ve teslimi ile ilgili olarak 6502 sayılı Tüketicinin Korunması Hakkında Kanun ve Mesafeli Sözleşmeler Yönetmeliği hükümleri gereğince tarafların hak ve yükümlülüklerinin belirlenmesidir.",
    deliveryText:
      "SATICI, ürünleri sipariş tarihinden itibaren en geç 30 gün içinde kargo firmasına teslim eder; ürünler kargo takip kodunun ALICI'ya iletilmesinden sonra en geç 2 gün içinde teslim edilir. Olağan teslim süresi 10 gündür. Teslimatın imkânsızlaşması hâlinde SATICI durumu ALICI'ya bildirir ve ödenen bedeli 10 gün içinde iade eder.",
    withdrawalText:
      "Ürünler çabuk bozulabilen gıda ürünleridir; Mesafeli Sözleşmeler Yönetmeliği m.15/1-c uyarınca cayma hakkı kullanılamaz. ALICI, siparişi fırına girmeden önce iptal edebilir; bu durumda bedel 10 gün içinde ALICI'nın ödeme aracına iade edilir.",
    obligationsText:
      "ALICI, ürünlerin temel nitelikleri, satış fiyatı, ödeme şekli ve teslimata ilişkin ön bilgileri okuyup bilgi sahibi olduğunu ve elektronik ortamda gerekli teyidi verdiğini kabul eder. Ürünler serin ve kuru yerde saklanmalı, 15 gün içinde tüketilmelidir; dondurucuda 3 aya kadar saklanabilir.",
    defaultText:
      "ALICI'nın kredi kartı ile yaptığı ödemelerde temerrüde düşmesi hâlinde, kart sahibi bankanın kredi kartı sözleşmesi çerçevesinde aylık %5 oranında temerrüt faizi uygulanabilir.",
    jurisdictionText:
      "Uyuşmazlıklarda Ticaret Bakanlığınca ilan edilen değerlere kadar tüketici hakem heyetleri, bu değerlerin üzerindeki uyuşmazlıklarda tüketici mahkemeleri yetkilidir. ALICI, siparişi onayladığı anda işbu sözleşmenin tüm koşullarını kabul etmiş sayılır. Sözleşme tarihi: {date}.",
  },
  labels: {
    seller: "SATICI",
    buyer: "ALICI",
    title: "Unvan",
    address: "Adres",
    phone: "Telefon",
    email: "E-posta",
    mersis: "MERSİS No",
    tax: "Vergi dairesi / VKN",
    kep: "KEP adresi",
    web: "İnternet sitesi",
    etbis: "ETBİS kayıt no",
    bank: "Banka / IBAN",
    name: "Ad Soyad",
    billing: "Fatura bilgileri",
    product: "Ürün",
    quantity: "Adet",
    unitPrice: "Birim fiyat (KDV dâhil)",
    lineTotal: "Tutar (KDV dâhil)",
    productTotal: "Ürün toplamı",
    usedBonus: "Kullanılan puan",
    deliveryCost: "Teslimat ücreti",
    total: "Ödenecek toplam (KDV dâhil)",
    orderNumber: "Sipariş no",
    date: "Tarih",
  },
} as const;
