/**
 * Long texts of the information pages (SPEC §2.5, §9). Import ONLY from route loaders: the loader returns the
 * page, so these texts never land in a browser bundle.
 */
export interface InfoSection {
  heading?: string;
  paragraphs?: string[];
  items?: string[];
}
export interface InfoPageText {
  title: string;
  intro?: string[];
  sections: InfoSection[];
  updated?: string;
}
export interface FaqText {
  title: string;
  intro: string;
  sections: { heading: string; qa: { q: string; a: string }[] }[];
  contactPrompt: string;
  contactLink: string;
}

export const about: InfoPageText = {
  title: "Hakkımızda",
  intro: [
    "Kurabiye Atölyesi, 2017 yılında İstanbul Kadıköy'de küçük bir mutfakta, 'iyi bir kurabiye iyi malzemeyle başlar' fikriyle kuruldu.",
  ],
  sections: [
    {
      heading: "Ne yapıyoruz?",
      paragraphs: [
        "Belçika çikolatası parçalarıyla dolu, dışı çıtır içi yumuşak kurabiyeler pişiriyoruz. Çikolatamız çoğunlukla %70 kakaolu bitter, bazı çeşitlerimizde %36 kakaolu sütlü Belçika çikolatasıdır.",
        "Hamurlarımızda margarin değil gerçek tereyağı, aroma değil doğal Madagaskar vanilyası kullanıyoruz. Koruyucu ve katkı maddesi kullanmıyoruz; bu yüzden kurabiyelerimizi üretimden itibaren 15 gün içinde tüketmenizi öneriyoruz.",
      ],
    },
    {
      heading: "Nasıl çalışıyoruz?",
      paragraphs: [
        "Her şeyi küçük partiler hâlinde, siparişe göre üretiyoruz. Hamurlar elde şekillendirilir, her parti tadılarak kontrol edilir ve aynı gün paketlenir.",
        "Bugüne kadar tadım etkinliklerimizde 10.000'den fazla misafiri ağırladık; yaklaşık %95'i kurabiyelerimizi beğendi. Şu an 12 çeşit kurabiye üretiyoruz.",
      ],
    },
    {
      heading: "Kurumsal",
      paragraphs: [
        "50 kişiden fazla çalışanı olan kurumlar için özel fiyatlar ve logolu kutular hazırlıyoruz. Ayrıntılar için iletişim formundan bize yazabilirsiniz.",
      ],
    },
  ],
};

export const process: InfoPageText = {
  title: "Kurabiyeleri Nasıl Üretiyoruz",
  intro: ["Bir kurabiyenin sizin elinize ulaşması atölyemizde yaklaşık bir gün sürer. Adım adım anlatalım."],
  sections: [
    {
      heading: "1. Malzemeyi seçiyoruz",
      paragraphs: [
        "Çikolatamız Belçika'dan gelir: çoğunlukla %70 kakaolu bitter, bazı çeşitlerde %36 kakaolu sütlü çikolata. Tereyağımız taze, vanilyamız doğal Madagaskar vanilyasıdır. Fındık, Antep fıstığı ve ceviz gibi kuruyemişleri her hafta kavuruyoruz.",
      ],
    },
    {
      heading: "2. Hamuru elde hazırlıyoruz",
      paragraphs: [
        "Tereyağı ve şekeri uzun uzun çırpıyor, yumurtayı ve vanilyayı ekliyoruz. Unu en son, hamuru yormadan katıyoruz. Çikolatayı damla değil iri parçalar hâlinde bıçakla kırıyoruz; böylece her ısırıkta eriyen çikolata kalır.",
      ],
    },
    {
      heading: "3. Dinlendiriyoruz",
      paragraphs: ["Hamur bir gece soğukta dinlenir. Bu sayede tatlar oturur, kurabiye fırında fazla yayılmaz ve içi yumuşak kalır."],
    },
    {
      heading: "4. Küçük partiler hâlinde pişiriyoruz",
      paragraphs: [
        "Her kurabiye tartılarak (30, 60, 90, 105 ya da 160 g) elde şekillendirilir ve küçük tepsilerde pişirilir. Her partiden bir kurabiyeyi tadarak kontrol ediyoruz.",
      ],
    },
    {
      heading: "5. Soğutup paketliyoruz",
      paragraphs: [
        "Kurabiyeler tamamen soğuduktan sonra gıdaya uygun poşetlere ve kutulara yerleştirilir, aynı gün kargoya, kuryeye ya da atölye vitrinine çıkar.",
      ],
    },
    {
      heading: "Saklama ve ısıtma",
      items: [
        "Kurabiyelerinizi serin ve kuru bir yerde, kapalı kutusunda saklayın; 15 gün içinde tüketin.",
        "Dondurucuda 3 aya kadar saklayabilirsiniz; oda sıcaklığında çözdürün.",
        "Fırından yeni çıkmış tadı için 150 °C'ye ısıtılmış fırında 7–10 dakika ısıtın.",
      ],
    },
  ],
};

export const responsibility: InfoPageText = {
  title: "Sosyal Sorumluluk",
  intro: ["Kurabiye Atölyesi olarak bulunduğumuz topluluğa katkı sağlamayı işimizin bir parçası olarak görüyoruz."],
  sections: [
    {
      paragraphs: [
        "Şu anda devam eden bir sosyal sorumluluk projemiz bulunmamaktadır.",
        "Yeni bir proje başlattığımızda ayrıntıları bu sayfada ve sosyal medya hesaplarımızda duyuracağız. Bir proje öneriniz varsa iletişim formundan bize yazabilirsiniz.",
      ],
    },
  ],
};

/** HEDEF81: the 38 winning cities (plate code and name) and when the list was last updated. */
export const hedef81 = {
  title: "HEDEF81",
  intro: [
    "HEDEF81, kurabiyelerimizi Türkiye'nin 81 iline ulaştırma kampanyamızdır. Kampanya döneminde bir ilden gelen ilk siparişte, tanışma paketiyle birlikte tüm sipariş yalnızca 1 TL'dir.",
    "Aşağıda kampanyayı kazanan, yani kurabiyelerimizin ulaştığı iller yer alıyor.",
  ],
  winners: "Kazanan iller ({n})",
  photoAlt: "{city} ili görseli",
  updated: "Son güncelleme: 25 Mart 2018",
  cities: [
    [1, "Adana"], [6, "Ankara"], [7, "Antalya"], [9, "Aydın"], [10, "Balıkesir"], [14, "Bolu"], [16, "Bursa"], [17, "Çanakkale"],
    [20, "Denizli"], [21, "Diyarbakır"], [22, "Edirne"], [25, "Erzurum"], [26, "Eskişehir"], [27, "Gaziantep"], [31, "Hatay"],
    [32, "Isparta"], [33, "Mersin"], [34, "İstanbul"], [35, "İzmir"], [38, "Kayseri"], [39, "Kırklareli"], [41, "Kocaeli"],
    [42, "Konya"], [44, "Malatya"], [45, "Manisa"], [48, "Muğla"], [52, "Ordu"], [54, "Sakarya"], [55, "Samsun"], [58, "Sivas"],
    [59, "Tekirdağ"], [61, "Trabzon"], [63, "Şanlıurfa"], [64, "Uşak"], [65, "Van"], [67, "Zonguldak"], [77, "Yalova"], [81, "Düzce"],
  ] as [number, string][],
};

export const nutritionPage = {
  title: "Besin Değerleri",
  intro: "Kurabiyelerimizin 100 gramındaki besin değerleri ve bugüne kadar ürettiğimiz tüm çeşitler.",
  tableCaption: "100 g için besin değerleri (enerji kcal, diğerleri gram)",
  catalogueTitle: "Kurabiye Kitabı",
  current: "Güncel çeşitler ({n})",
  archived: "Arşivdeki çeşitler ({n})",
  archivedNote: "Bu çeşitleri artık üretmiyoruz.",
  ingredients: "Ana malzemeler",
  firstProduced: "İlk üretim",
  pid: "Kod",
  sizes: "Boyutlar",
  sizeUnit: "{list} g",
  imageAlt: "{name} kurabiye",
  disclaimer: "Değerler ortalama olup el yapımı üretim nedeniyle küçük farklılıklar gösterebilir. Alerjen bilgisi için ürün sayfalarındaki 'İçindekiler' sekmesine bakınız.",
};

export const sss: FaqText = {
  title: "Sıkça Sorulan Sorular",
  intro: "Sipariş, kurabiyeler ve puanlar hakkında en çok sorulanları burada topladık.",
  sections: [
    {
      heading: "Sipariş süreci",
      qa: [
        { q: "Nasıl sipariş verebilirim?", a: "Ürünleri sepetinize ekleyip 'Siparişi Tamamla' ile teslimat ve ödeme adımlarını tamamlayın. Üye olmadan da sipariş verebilirsiniz." },
        { q: "Hangi ödeme yöntemlerini kabul ediyorsunuz?", a: "Yalnızca kredi kartı ve banka kartı ile (Visa, Mastercard, American Express) güvenli ödeme alıyoruz. Kart bilgileriniz ödeme kuruluşu tarafından işlenir, bizde saklanmaz." },
        { q: "Siparişim ne zaman hazırlanır?", a: "Varsayılan hazırlanma tarihi ertesi gündür. İleri bir tarih de seçebilirsiniz. Saat 15:00'e kadar hazır olan siparişler aynı gün kargoya verilir." },
        { q: "Siparişimi iptal edebilir miyim?", a: "Siparişiniz fırına girmeden (pişirme aşamasından önce) üye alanınızdan iptal edebilirsiniz. Bu aşamadan sonra lütfen bizimle iletişime geçin. İptal edilen siparişlerin ücreti 10 gün içinde kartınıza iade edilir." },
        { q: "Siparişimi nasıl takip ederim?", a: "Sipariş durumunuzu yan menüdeki 'Önceki Siparişlerim' bölümünden ve üye alanınızdan görebilirsiniz. Kargoya verildiğinde taşıyıcı ve takip numarası burada görünür." },
        { q: "Hediye notu ekleyebilir miyim?", a: "Evet. Sepet sayfasında 250 karaktere kadar not yazabilir, isterseniz bir resim, müzik ya da video bağlantısı da ekleyebilirsiniz." },
      ],
    },
    {
      heading: "Kurabiyeler",
      qa: [
        { q: "Kurabiyeler ne kadar dayanır?", a: "Koruyucu kullanmadığımız için üretimden itibaren 15 gün içinde tüketmenizi öneririz. Dondurucuda 3 aya kadar saklanabilir." },
        { q: "Kurabiyeleri ısıtmalı mıyım?", a: "Şart değil, ama 150 °C'ye ısıtılmış fırında 7–10 dakika ısıtırsanız fırından yeni çıkmış gibi olur." },
        { q: "Hangi çikolatayı kullanıyorsunuz?", a: "Belçika çikolatası: çoğunlukla %70 kakaolu bitter, bazı çeşitlerde %36 kakaolu sütlü çikolata." },
        { q: "Alerjen içeriyor mu?", a: "Kurabiyelerimiz gluten, süt ve yumurta içerir; atölyemizde fındık, yer fıstığı, Antep fıstığı, ceviz ve soya da işlenir. Her ürünün alerjen bilgisi ürün sayfasındaki 'İçindekiler' sekmesindedir." },
        { q: "Kurumsal sipariş veriyor musunuz?", a: "Evet. 50 kişiden fazla çalışanı olan kurumlara özel fiyat ve logolu kutu seçenekleri sunuyoruz." },
      ],
    },
    {
      heading: "Puanlar ve kampanyalar",
      qa: [
        { q: "Puanları nasıl kazanırım?", a: "Üye olarak verdiğiniz siparişler teslim edildikten sonra bir hafta içinde hesabınıza puan olarak yansır." },
        { q: "Puanlarımı nasıl kullanırım?", a: "Sepet sayfasındaki puan alanında 'Kullan' düğmesine dokunarak puanlarınızı indirim olarak kullanabilirsiniz. Puanlar kazanıldıkları tarihten itibaren 1 yıl geçerlidir." },
        { q: "Promosyon kodunu nerede kullanırım?", a: "Üye girişi yaptıktan sonra sepet ya da ödeme sayfasındaki 'Promosyon kodu kullan' alanına kodunuzu girebilirsiniz." },
        { q: "HEDEF81 nedir?", a: "Kurabiyelerimizi 81 ile ulaştırma kampanyamızdır. Kampanyanın açık olduğu bir ilden verilen ilk siparişte tanışma paketi 1 TL'dir." },
      ],
    },
  ],
  contactPrompt: "Sorunuzun cevabını bulamadınız mı?",
  contactLink: "Bize yazın",
};
