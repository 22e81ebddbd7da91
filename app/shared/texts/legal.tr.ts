import type { InfoPageText } from "./content.tr";

/**
 * Agreement texts (SPEC §2.1 agreement/nda, popd, dely). Import ONLY from route loaders so they never land
 * in a browser bundle. The seller's facts are placeholders filled from the configured identity when a page is
 * shown (issue 26 §1; `sellerPlaceholders` in app/.server/site/pages.ts), also in texts staff edit.
 */
const COMPANY = "{unvan}";
const ADDRESS = "{adres}";
const EMAIL = "{eposta}";
const PHONE = "{telefon}";

export const nda: InfoPageText = {
  title: "Gizlilik Politikası",
  updated: "Yürürlük tarihi: 1 Ocak 2024",
  intro: [
    `Bu politika, ${COMPANY} ("Kurabiye Atölyesi", "biz") tarafından işletilen internet sitesini ve uygulamayı kullanırken bilgilerinizi nasıl topladığımızı, kullandığımızı ve koruduğumuzu açıklar. Kişisel verilerinizin işlenmesine ilişkin ayrıntılı bilgi için Kişisel Verilerin Korunması Aydınlatma Metni'ni de okuyunuz.`,
  ],
  sections: [
    {
      heading: "1. Topladığımız bilgiler",
      items: [
        "Üyelik bilgileri: ad soyad, e-posta adresi ve şifrenizin geri döndürülemez biçimde özetlenmiş (hash) hâli.",
        "Sipariş bilgileri: teslimat ve fatura adresi, cep telefonu, fatura tipi, kurumsal faturalarda firma adı, vergi dairesi ve vergi numarası, sipariş içeriği, hediye notu ve eklediğiniz bağlantı.",
        "Ödeme bilgileri: kart numaranız ve güvenlik kodunuz yalnızca ödeme kuruluşuna iletilir; bizim sistemlerimizde saklanmaz ve kayda geçirilmez. Kartınızı kaydetmeyi seçerseniz ödeme kuruluşunun verdiği anahtar ile kartın ilk altı ve son dört hanesi saklanır.",
        "İletişim bilgileri: iletişim formu ile gönderdiğiniz ad, e-posta, bizi nereden duyduğunuz ve mesajınız.",
        "Teknik bilgiler: IP adresi, tarayıcı türü, ziyaret edilen sayfalar ve işlem zamanları; güvenlik, kötüye kullanımın önlenmesi ve yasal yükümlülükler için kayıt altına alınır.",
      ],
    },
    {
      heading: "2. Bilgileri neden kullanıyoruz?",
      items: [
        "Siparişinizi almak, üretmek, teslim etmek ve faturalandırmak,",
        "Üyelik hesabınızı yönetmek, puanlarınızı ve promosyon kodlarınızı işletmek,",
        "Sorularınızı ve taleplerinizi yanıtlamak,",
        "İzin verdiyseniz kampanya ve yeniliklerden sizi haberdar etmek,",
        "Sitenin güvenliğini sağlamak, dolandırıcılığı önlemek ve yasal yükümlülüklerimizi yerine getirmek.",
      ],
    },
    {
      heading: "3. Çerezler",
      paragraphs: [
        "Sitemiz yalnızca çalışması için zorunlu çerezleri kullanır: oturumunuzu ve sepetinizi tanıyan oturum çerezi, form güvenliği için kullanılan çerez ve kapattığınız duyuruları hatırlayan tercih çerezleri. Reklam veya üçüncü taraf izleme çerezi kullanmıyoruz.",
        "Tarayıcınızın ayarlarından çerezleri silebilir veya engelleyebilirsiniz; ancak zorunlu çerezler engellendiğinde sepet ve üye girişi çalışmaz.",
      ],
    },
    {
      heading: "4. Bilgilerin paylaşılması",
      paragraphs: [
        "Bilgilerinizi satmayız. Yalnızca hizmeti sunmak için gereken ölçüde şu taraflarla paylaşırız: ödeme kuruluşu (kart ödemesinin alınması), kargo ve kurye firmaları (teslimat için ad, adres ve telefon), e-posta gönderim ve barındırma hizmeti sağlayıcıları ile yasal olarak yetkili kamu kurumları.",
      ],
    },
    {
      heading: "5. Güvenlik",
      paragraphs: [
        "Sitemizle aranızdaki tüm iletişim şifreli (HTTPS) bağlantı üzerinden yapılır. Şifreler özetlenerek saklanır; kart verileri PCI DSS uyumlu ödeme kuruluşu tarafından işlenir. Sistemlerimize erişim yalnızca yetkili çalışanlarla sınırlıdır ve kayıt altındadır.",
      ],
    },
    {
      heading: "6. Saklama süresi",
      paragraphs: [
        "Sipariş ve fatura kayıtları Türk Ticaret Kanunu ve Vergi Usul Kanunu gereği 10 yıl saklanır. Üyeliğinizi sonlandırdığınızda, yasal saklama yükümlülüğü olmayan bilgileriniz silinir veya anonim hâle getirilir.",
      ],
    },
    {
      heading: "7. Çocuklar",
      paragraphs: ["Sitemiz 18 yaşından küçüklere yönelik değildir; bilerek 18 yaş altındaki kişilerden üyelik bilgisi toplamayız."],
    },
    {
      heading: "8. Değişiklikler ve iletişim",
      paragraphs: [
        "Bu politikayı gerektiğinde güncelleyebiliriz; güncel metin her zaman bu sayfada yayımlanır. Sorularınız için:",
        `${COMPANY}, ${ADDRESS}. E-posta: ${EMAIL}, telefon: ${PHONE}.`,
      ],
    },
  ],
};

export const popd: InfoPageText = {
  title: "Kişisel Verilerin Korunması Aydınlatma Metni",
  updated: "Yürürlük tarihi: 1 Ocak 2024",
  intro: [
    `6698 sayılı Kişisel Verilerin Korunması Kanunu ("KVKK") uyarınca, veri sorumlusu sıfatıyla ${COMPANY} ("Şirket") olarak kişisel verilerinizi aşağıda açıklanan amaçlar ve hukuki sebeplerle, hukuka ve dürüstlük kurallarına uygun olarak işliyoruz.`,
  ],
  sections: [
    {
      heading: "1. Veri sorumlusu",
      paragraphs: [`${COMPANY}, adres: ${ADDRESS}, e-posta: ${EMAIL}, telefon: ${PHONE}.`],
    },
    {
      heading: "2. İşlenen kişisel veri kategorileri",
      items: [
        "Kimlik: ad soyad; kurumsal fatura ve şahıs şirketleri için vergi numarası veya T.C. kimlik numarası.",
        "İletişim: e-posta adresi, cep telefonu, teslimat ve fatura adresi.",
        "Müşteri işlem: sipariş geçmişi, sepet içeriği, hediye notu ve bağlantısı, puan ve promosyon kodu kullanımı, talep ve şikâyetler.",
        "Finans: ödeme tutarı, ödeme kuruluşunun işlem numarası, kayıtlı kartlar için kart anahtarı ile kartın ilk altı ve son dört hanesi (kart numarasının tamamı ve güvenlik kodu işlenmez, saklanmaz).",
        "İşlem güvenliği: IP adresi, oturum ve işlem kayıtları, şifrenin özetlenmiş hâli.",
        "Pazarlama: açık rızanız varsa bülten tercihiniz ve bizi nereden duyduğunuz bilgisi.",
      ],
    },
    {
      heading: "3. İşleme amaçları",
      items: [
        "Mesafeli satış sözleşmesinin kurulması ve ifası: siparişin alınması, üretimi, teslimatı, faturalandırılması, iade ve iptal süreçleri,",
        "Üyelik ve sadakat programının (puanlar, promosyon kodları) yürütülmesi,",
        "Talep, soru ve şikâyetlerin yanıtlanması,",
        "Bilgi güvenliği süreçlerinin yürütülmesi ve dolandırıcılığın önlenmesi,",
        "Yasal yükümlülüklerin (vergi, ticaret ve tüketici mevzuatı) yerine getirilmesi ve yetkili kurumlara bilgi verilmesi,",
        "Açık rızanız bulunması hâlinde kampanya, yenilik ve etkinliklerle ilgili ticari elektronik ileti gönderilmesi.",
      ],
    },
    {
      heading: "4. Hukuki sebepler",
      paragraphs: [
        "Kişisel verileriniz KVKK'nın 5. maddesinin 2. fıkrasındaki şu sebeplere dayanılarak işlenir: (c) bir sözleşmenin kurulması veya ifasıyla doğrudan ilgili olması, (ç) veri sorumlusunun hukuki yükümlülüğünü yerine getirebilmesi, (e) bir hakkın tesisi, kullanılması veya korunması, (f) temel hak ve özgürlüklerinize zarar vermemek kaydıyla Şirketin meşru menfaati. Ticari elektronik ileti gönderimi yalnızca 5. maddenin 1. fıkrası uyarınca açık rızanıza dayanır; rızanızı dilediğiniz an geri alabilirsiniz.",
      ],
    },
    {
      heading: "5. Toplama yöntemi",
      paragraphs: [
        "Kişisel verileriniz internet sitemiz ve mobil uygulamamızdaki üyelik, sipariş ve iletişim formları, e-posta, telefon ve anlık mesajlaşma kanalları aracılığıyla elektronik ortamda; atölyeden teslimlerde ise sözlü veya yazılı olarak toplanır.",
      ],
    },
    {
      heading: "6. Aktarım",
      paragraphs: [
        "Kişisel verileriniz yukarıdaki amaçlarla sınırlı olarak; ödemenin alınması için ödeme kuruluşuna, teslimat için kargo ve kurye firmalarına, hizmet aldığımız barındırma ve e-posta gönderim sağlayıcılarına, muhasebe ve mali müşavirlik hizmeti aldığımız kişilere ve talep hâlinde yetkili kamu kurum ve kuruluşlarına KVKK'nın 8. maddesine uygun olarak aktarılabilir.",
        "Hizmet sağlayıcılarımızdan birinin sunucularının yurt dışında bulunması hâlinde aktarım, KVKK'nın 9. maddesinde öngörülen güvencelere (standart sözleşme vb.) uygun olarak yapılır.",
      ],
    },
    {
      heading: "7. Saklama süreleri",
      items: [
        "Sipariş, fatura ve ödeme kayıtları: ilgili vergi ve ticaret mevzuatı gereği 10 yıl,",
        "Üyelik bilgileri: üyelik süresince ve sona ermesinden itibaren olası uyuşmazlıklar için 3 yıl,",
        "İletişim formu mesajları: 2 yıl,",
        "İşlem güvenliği kayıtları: 5651 sayılı Kanun ve ilgili mevzuat uyarınca 2 yıl.",
        "Süresi dolan veriler silinir, yok edilir veya anonim hâle getirilir.",
      ],
    },
    {
      heading: "8. Haklarınız",
      paragraphs: ["KVKK'nın 11. maddesi uyarınca Şirkete başvurarak:"],
      items: [
        "Kişisel verilerinizin işlenip işlenmediğini öğrenme ve işlenmişse buna ilişkin bilgi talep etme,",
        "İşlenme amacını ve amacına uygun kullanılıp kullanılmadığını öğrenme,",
        "Yurt içinde veya yurt dışında aktarıldığı üçüncü kişileri bilme,",
        "Eksik veya yanlış işlenmişse düzeltilmesini isteme,",
        "KVKK'nın 7. maddesindeki şartlar çerçevesinde silinmesini veya yok edilmesini isteme,",
        "Düzeltme, silme ve yok etme işlemlerinin verilerin aktarıldığı üçüncü kişilere bildirilmesini isteme,",
        "Münhasıran otomatik sistemlerle analiz edilmesi sonucu aleyhinize bir sonuç doğmasına itiraz etme,",
        "Kanuna aykırı işleme sebebiyle zarara uğramanız hâlinde zararın giderilmesini talep etme haklarına sahipsiniz.",
      ],
    },
    {
      heading: "9. Başvuru",
      paragraphs: [
        `Taleplerinizi, Veri Sorumlusuna Başvuru Usul ve Esasları Hakkında Tebliğ'e uygun olarak kimliğinizi doğrulayan bilgilerle birlikte ${ADDRESS} adresine yazılı olarak veya sistemimizde kayıtlı e-posta adresinizden ${EMAIL} adresine iletebilirsiniz. Başvurunuz en geç 30 gün içinde ücretsiz olarak sonuçlandırılır; işlemin ayrıca bir maliyet gerektirmesi hâlinde Kişisel Verileri Koruma Kurulu'nca belirlenen tarife uygulanabilir.`,
      ],
    },
  ],
};

export const dely: InfoPageText = {
  title: "Teslimat ve İade Koşulları",
  updated: "Yürürlük tarihi: 1 Ocak 2024",
  intro: [
    "Kurabiyelerimiz siparişinize göre üretilen, koruyucu içermeyen ve çabuk bozulabilen gıdalardır. Teslimat ve iade koşullarımız bu nedenle aşağıdaki gibidir.",
  ],
  sections: [
    {
      heading: "1. Teslimat bölgeleri ve yöntemleri",
      items: [
        "Kargo: Türkiye'nin tüm illerine anlaşmalı kargo firmalarıyla gönderim yapılır.",
        "Kurye: İstanbul'da hizmet verilen semtlerde aynı gün veya seçilen gün kapıya teslim; saat aralıkları 10:00–12:00, 14:00–16:00, 16:00–18:00 ve 18:00–20:00'dir.",
        "Atölyeden teslim: Kadıköy'deki atölyemizden seçtiğiniz saatte ücretsiz teslim alabilirsiniz.",
      ],
    },
    {
      heading: "2. Teslimat süreleri",
      paragraphs: [
        "Ürünler seçtiğiniz hazırlanma tarihinde üretilir. Saat 15:00'e kadar hazır olan siparişler aynı gün kargoya verilir; kargo teslimatı ile göre genellikle 1–3 iş günü sürer. Standart kurye ile aynı gün teslimat için siparişin saat 11:00'e kadar verilmesi gerekir.",
        "Mesafeli satış sözleşmesi gereği ürünler en geç 30 gün içinde taşıyıcıya teslim edilir. Kargo takip numarası size iletildikten sonra ürünler genellikle 2 gün içinde teslim edilir; her durumda teslimat 10 günü aşmaz.",
        "Hava koşulları, resmî tatiller veya taşıyıcıdan kaynaklanan gecikmelerde size e-posta ile bilgi verilir.",
      ],
    },
    {
      heading: "3. Teslimat ücreti",
      paragraphs: [
        "Teslimat ücreti adres, teslimat tipi ve sepet tutarına göre hesaplanır ve ödeme adımında açıkça gösterilir. Belirli tutarların üzerindeki siparişlerde kargo indirimli veya ücretsizdir. Fiyatlara KDV dahildir.",
      ],
    },
    {
      heading: "4. Teslim alırken",
      paragraphs: [
        "Paketi teslim alırken lütfen dış ambalajı kontrol edin. Ezilmiş, ıslanmış veya açılmış bir paketi teslim almayabilir ya da taşıyıcı görevlisine hasar tespit tutanağı düzenletebilirsiniz. Tutanak düzenlenmeden teslim alınan paketlerdeki taşıma hasarlarında taşıyıcıya başvuru güçleşir.",
        "Alıcının adreste bulunmaması hâlinde kargo firmasının şubesinde bekletme süresi kısadır; bekletme nedeniyle bozulan ürünlerden Şirket sorumlu değildir.",
      ],
    },
    {
      heading: "5. Cayma hakkı",
      paragraphs: [
        "Mesafeli Sözleşmeler Yönetmeliği'nin 15. maddesinin (c) ve (ç) bentleri uyarınca, çabuk bozulabilen veya son kullanma tarihi geçebilecek mallar ile tüketicinin istekleri doğrultusunda hazırlanan mallara ilişkin sözleşmelerde cayma hakkı kullanılamaz. Kurabiyelerimiz siparişe göre üretilen ve çabuk bozulabilen gıdalar olduğundan cayma hakkı bulunmamaktadır.",
      ],
    },
    {
      heading: "6. Sipariş iptali",
      paragraphs: [
        "Siparişinizi üretim (pişirme) aşamasına geçmeden önce üye alanınızdan veya bizimle iletişime geçerek iptal edebilirsiniz. İptal edilen siparişlerin bedeli, iptal tarihinden itibaren 10 gün içinde ödemede kullandığınız karta iade edilir; iadenin hesabınıza yansıma süresi bankanıza bağlıdır.",
        "Üretim başladıktan sonra iptal yapılamaz.",
      ],
    },
    {
      heading: "7. Hasarlı, eksik veya hatalı ürün",
      paragraphs: [
        `Ürün hasarlı, eksik ya da siparişinizden farklı ulaştıysa teslimattan itibaren 48 saat içinde fotoğraflarıyla birlikte ${EMAIL} adresine veya iletişim formuna yazın. İnceleme sonucunda ürünü ücretsiz olarak yeniden gönderir ya da bedelini 10 gün içinde iade ederiz. Gıda güvenliği nedeniyle ürünü geri göndermenizi istemeyiz.`,
      ],
    },
    {
      heading: "8. Uyuşmazlıklar",
      paragraphs: [
        "Şikâyetleriniz için önce bize ulaşmanızı rica ederiz. Tüketici işlemlerinden doğan uyuşmazlıklarda, her yıl Ticaret Bakanlığınca ilan edilen parasal sınırlar dahilinde tüketici hakem heyetlerine, bu sınırların üzerindeki uyuşmazlıklarda tüketici mahkemelerine başvurabilirsiniz.",
        `${COMPANY}, ${ADDRESS}. E-posta: ${EMAIL}, telefon: ${PHONE}.`,
      ],
    },
  ],
};
