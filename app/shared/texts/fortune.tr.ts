/** Texts of the prize game /fortune (SPEC §2.10, §4, §5, §8). SPEC's quoted Turkish is verbatim. */
export const fortuneTr = {
  title: "Kurabiye Falı",
  intro: "Şanslı kurabiyeye adını söyle, sana ne diyeceğini gör. Belki bu dönemin ödüllerinden biri de senindir!",
  nickLabel: "Instagram hesap adın ya da takma adın",
  nickHint: "Ödül kazanmak için aktif bir Instagram kullanıcı adı gerekir.",
  ask: "Kurabiyeye Sor",
  asking: "Kurabiye düşünüyor…",
  askOther: "Başka Biri İçin Sor",
  tryAgain: "Tekrar Dene",
  backHome: "Ana sayfaya dön",
  resultTitle: "{nick}, kurabiyen sana bunu söylüyor:",
  waitNotice: "Hey! {n} {unit} sonra tekrar gel sana yeni bir şey söyleyeceğim",
  units: { minute: "dakika", hour: "saat", day: "gün" },

  winTitle: "Tebrikler, kazandın!",
  winCodeLabel: "Ödül kodun",
  winnerLine: "{nick} · {place}. sıra ({label})",
  asil: "asil",
  yedek: "yedek {n}",
  claimBy: "Kodunu {deadline} tarihine kadar göndermelisin.",
  /** Result texts (obj.text of SPEC §3 Fortune result) for every outcome of an ask. */
  outcome: {
    reserve: "Yedek listesine girdin! Asil kazananlardan biri hakkını kullanmazsa ödül senin olabilir.",
    lost: "Bu sefer şanslı kurabiye sana çıkmadı. Falın yine de senin!",
    alreadyEntered: "Bu dönemin çekilişine katıldın. Yeni dönemde şansını yeniden deneyebilirsin.",
    lapsed: "Ödül kodun 24 saat içinde gönderilmediği için geçerliliğini yitirdi.",
    rejected: "Bu dönemki ödülün onaylanmadı. Yeni dönemde şansını yeniden deneyebilirsin.",
    noGame: "Şu anda devam eden bir ödül dönemi yok. Falın yine de senin!",
    deviceLimit: "Bu cihazdan bu dönem çok sayıda farklı isimle katılım yapıldığı için bu isim çekilişe eklenmedi. Falın yine de senin!",
    wonElsewhere: "Bu isim bu dönemin kazananları arasında. Ödül kodu yalnızca kazanılan cihazda gösterilir; kodu oradan 24 saat içinde göndermeyi unutma.",
  },
  /** Prizes and info of a monthly period the game opens by itself when staff has not set one up. */
  defaultPeriod: {
    /** Each names a product of the catalogue with its real content (a test checks them against the seed). */
    prizes: ["Heyecanlı Kutu (6 kurabiye)", "Klasik Altılı (6 kurabiye)", "Teşekkür Kutusu (3 kurabiye)"],
    info: "Her ay üç kişiye kurabiye kutusu hediye ediyoruz. Kazananlar kodlarını 24 saat içinde Instagram'dan göndermelidir.",
  },

  guideButton: "Kazandım şimdi ne yapmalıyım?",
  guideSteps: [
    "Instagram'da @kurabiyeatolyesi hesabını takip et.",
    "Kazandığın hesaptan bize, ekranda gördüğün ödül kodunu doğrudan mesaj (DM) olarak gönder. Kodu 24 saat içinde göndermezsen hakkın düşer.",
    "Ödülünü nasıl teslim alacağını sana Instagram üzerinden yazacağız.",
  ],

  winnersTitle: "Kazananlar Listesi",
  rulesTitle: "Şartlar & Kurallar",
  prizeCount: "Bu dönemin ödül sayısı: {count}",
  noWinnersYet: "Kazananlar belli oldukça burada listelenecek.",
  showWinners: "Kazananları göster",
  winnersColumns: { place: "Sıra", nick: "Kullanıcı adı", status: "Durum" },
  rules: [
    "Falını görebilmek için bir kullanıcı adı ya da takma ad girmen yeterli. Ödül kazanabilmek için ise girdiğin adın aktif bir Instagram kullanıcı adı olması gerekir.",
    "Sana söylenen fal 72 saat boyunca aynı kalır; bu süre dolduğunda kurabiye sana yeni bir şey söyler.",
    "Kurabiyeye her sorduğunda, o anda devam eden ödül döneminin çekilişine katılırsın. Her kullanıcı adının bir dönemde bir katılım hakkı vardır; hesabımızı takip edenlere ek haklar tanınabilir.",
    "Kazanırsan ekranda sana özel bir ödül kodu görürsün. Bu kodu 24 saat içinde kazandığın hesaptan Instagram üzerinden doğrudan mesajla bize göndermelisin; göndermezsen ödül hakkın düşer ve sıradaki yedek kazanan asil listeye geçer.",
    "Kurabiye Atölyesi, kazanan hesapların geçmişini inceleme ve kazananları kendi takdirine göre onaylama hakkını saklı tutar.",
    "Ödüller atölyemizden teslim alınabilir ya da kargo ücreti alıcıya ait olmak üzere kapıda ödemeli olarak gönderilir.",
    "Fal tamamen rastgeledir ve eğlence amaçlıdır. Fala dayanarak yaptığın her şeyin sorumluluğu sana aittir.",
  ],

  errors: {
    nickRequired: "Instagram hesap adınızı giriniz, Instagram kullanmıyorsanız istediğiniz takma ismi kullanabilirsiniz",
    nickTooLong: "Kullanıcı adı en fazla {max} karakter olabilir",
    fortuneFailed: "Sistemsel hata oluştu, daha sonra tekrar deneyiniz",
    gameFailed: "Sistemsel hata sebebiyle kazananlar listelenemiyor, lütfen daha sonra tekrar deneyiniz.",
    noGame: "Şu anda devam eden bir ödül dönemi bulunmuyor.",
    codeUnknown: "Bu ödül kodu bulunamadı.",
    codeUsed: "Bu ödül kodu daha önce kullanıldı.",
    codeLapsed: "Bu ödül kodunun 24 saatlik süresi dolmuş.",
    codeRejected: "Bu ödül onaylanmadı.",
    codeNickMismatch: "Bu ödül kodu, mesajı gönderen hesaba ait değil.",
    periodEnd: "Dönemin bitişi başlangıcından sonra olmalıdır.",
    noFortunes: "Şu anda kurabiye konuşmuyor, lütfen daha sonra tekrar deneyiniz.",
  },
} as const;
