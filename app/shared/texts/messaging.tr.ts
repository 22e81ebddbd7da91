/**
 * Texts of the shop's own messages besides mail (issue 28 §2): the SMS to buyers, the staff alert for new
 * orders (live in the staff area and by mail), and the staff page of messages that could not be sent.
 * SMS texts are sent with Netgsm's Turkish encoding (ç ğ ı İ ö ş ü kept): keep them short (155 characters
 * make one SMS in that encoding; longer ones are split and cost more).
 */
export const messagingTr = {
  sms: {
    shipped: "Kurabiye Atölyesi: {number} numaralı siparişiniz {carrier} ile kargoya verildi. Takip: {tracking}",
    out: "Kurabiye Atölyesi: {number} numaralı siparişiniz kuryemizle yola çıktı. Teslimat aralığı: {slot}",
    pickup: "Kurabiye Atölyesi: {number} numaralı siparişiniz hazır. Teslim alma saati: {hour}, adres: {address}",
  },
  /** Netgsm's answers (REST v2 /sms/rest/v2/send), as staff read them under the failed messages. */
  netgsm: {
    "20": "Netgsm 20: mesaj metni hatalı ya da çok uzun",
    "30": "Netgsm 30: kullanıcı adı, şifre ya da API erişimi geçersiz (IP kısıtı olabilir)",
    "40": "Netgsm 40: gönderici adı (mesaj başlığı) tanımlı değil",
    "50": "Netgsm 50: hesap İYS kontrollü gönderime açık değil",
    "51": "Netgsm 51: hesapta İYS marka bilgisi yok",
    "70": "Netgsm 70: istek hatalı ya da eksik alan var",
    "80": "Netgsm 80: gönderim sınırı aşıldı",
    "85": "Netgsm 85: aynı numaraya çok sık gönderim",
    other: "Netgsm {code}: {description}",
    timeout: "Netgsm {seconds} saniye içinde yanıt vermedi",
    http: "Netgsm yanıtı okunamadı (HTTP {status})",
    unreachable: "Netgsm'e ulaşılamadı: {reason}",
  },
  alert: {
    /** The live alert in the staff area. */
    region: "Yeni sipariş bildirimleri",
    newOrder: "Yeni sipariş {number}: {total}, {type}, hazır olacağı gün {date}",
    urgent: "Acil — aynı gün teslim, son saate {minutes} dakika kala: {number} ({type}, son saat {cutoff})",
    open: "Siparişi aç",
    dismiss: "Kapat",
    dismissAll: "Tümünü kapat",
    /** The alert mail. */
    mailSubject: "Yeni sipariş {number}",
    mailSubjectUrgent: "ACİL: aynı gün siparişi {number} (son saat {cutoff})",
    mailHeading: "Yeni sipariş",
    mailHeadingUrgent: "Acil: aynı gün teslim edilecek sipariş",
    mailBody: "{number} numaralı sipariş alındı: {total}, {type} ({details}), hazır olacağı gün {date}.",
    mailUrgent: "Bu sipariş bugün teslim edilecek ve {cutoff} son saatine {minutes} dakika kala verildi: hemen üretime alın.",
    mailButton: "Siparişi aç",
  },
  failed: {
    title: "Gönderilemeyenler",
    intro: "Tüm denemelerden sonra gönderilemeyen e-postalar ve SMS'ler. Nedenini düzeltip yeniden gönderebilirsiniz; {days} gün sonra kendiliğinden silinirler.",
    empty: "Gönderilemeyen ileti yok.",
    kind: "Tür",
    kinds: { mail: "E-posta", sms: "SMS" },
    to: "Alıcı",
    subject: "Konu / metin",
    reason: "Neden",
    failedAt: "Son deneme",
    attempts: "{n} deneme",
    actions: "İşlem",
    resend: "Yeniden gönder",
    resendOne: "{to} adresine yeniden gönder",
    resendAll: "Tümünü yeniden gönder ({n})",
    resent: "İleti yeniden gönderim sırasına alındı.",
    resentAll: "{n} ileti yeniden gönderim sırasına alındı.",
    gone: "Bu ileti artık listede değil (gönderildi ya da silindi).",
    sending: "Sıraya alınıyor…",
  },
} as const;
