import type { Db } from "../db/client";
import { fortunePeriods, fortunes } from "../db/schema/fortune";
import { DEFAULT_PERIOD } from "./service";

/** Our own fortune texts (the cookie's voice: warm, a little cheeky, never a promise). */
export const SEED_FORTUNES = [
  "Bu hafta beklemediğin bir yerden güzel bir haber alacaksın.",
  "Ertelediğin o telefonu aç; karşındaki de seni aramayı düşünüyordu.",
  "Cebindeki küçük bir fikir, yakında büyük bir plana dönüşecek.",
  "Bugün gülümsediğin bir yabancı, yarın iyi bir dostun olabilir.",
  "Kendine ayırdığın bir saat, sana bütün haftanın enerjisini verecek.",
  "Yolun açık; yeter ki ilk adımı atmaktan çekinme.",
  "Çikolata gibi sen de biraz eridiğinde daha tatlı oluyorsun.",
  "Uzun zamandır görmediğin biri seni düşünüyor.",
  "Bir işi yarım bırakma; sonunda seni güzel bir sürpriz bekliyor.",
  "Bugün sabrın, yarın ödülün olacak.",
  "Küçük bir iyilik yap; fazlasıyla geri dönecek.",
  "Bu ay cüzdanın da kalbin de biraz daha dolu olacak.",
  "Merak ettiğin o soru için cevap yakında kapını çalacak.",
  "Yeni bir hobiye başlamak için bundan daha iyi bir zaman yok.",
  "Bir kahve molası, hayatındaki en güzel sohbetlerden birine dönüşebilir.",
  "Bugün söylediğin bir söz, birinin gününü baştan yazacak.",
  "Şansın yanında ama çabanı da yanına almayı unutma.",
  "Dağınık görünen işler aslında yerli yerine oturmak üzere.",
  "Hayır demeyi öğrendiğinde, evet dediklerin daha anlamlı olacak.",
  "Yakında bir yolculuk planı yapacaksın; valizini hazır tut.",
  "Bir dostun sana ihtiyaç duyuyor; ilk mesajı sen at.",
  "Güne bir bardak su ve bir iyi niyetle başla, gerisi gelecek.",
  "İçindeki çocuğu dinle; bugün oyun oynamaya ihtiyacı var.",
  "Kararsız kaldığın konuda kalbin çoktan seçimini yaptı.",
  "Bu hafta öğrendiğin küçük bir şey, ileride çok işine yarayacak.",
  "Bir kapı kapanırken, yan tarafta daha büyüğü aralanıyor.",
  "Sevdiklerinle paylaştığın her lokma iki kat lezzetli.",
  "Yorgunsun ama yolun sonu göründü; biraz daha dayan.",
  "Bugün aynaya bak ve kendine teşekkür et; bunu hak ediyorsun.",
  "Bir mektup, bir mesaj ya da bir paket seni mutlu edecek.",
  "Kafanı kurcalayan o meseleyi bir yürüyüşte çözeceksin.",
  "Cesaretin, korkularından bir adım önde.",
  "Bu dönem para konusunda temkinli, sevgi konusunda cömert ol.",
  "Eski bir hatıra bugün yüzünde bir gülümseme bırakacak.",
  "Birine sarılmak için bahane arama; sadece sarıl.",
  "Planladığın değişiklik düşündüğünden kolay olacak.",
  "Yakında seni çok güldürecek biriyle tanışacaksın.",
  "Kendine küçük bir ödül ver; bir kurabiye mesela.",
  "Bugün attığın tohum, gelecek bahar çiçek açacak.",
  "Sessiz kaldığın yerde bile sözün dinleniyor.",
  "Şansın dönüyor; gözlerini açık, kalbini daha da açık tut.",
  "Hayal ettiğin o yer seni bekliyor; bir takvim belirle.",
  "Bu hafta biri sana beklemediğin bir iltifat edecek.",
  "Küçük adımlar da yol alır; acele etme ama durma da.",
  "İyi bir haber, tam da ihtiyaç duyduğun anda gelecek.",
];

/**
 * Fortunes and monthly demo periods (Europe/Istanbul months, 2026–2028) with the default prizes; staff
 * edit them later. After the last seeded month the service opens each month's period by itself.
 */
export async function seedFortune(db: Db): Promise<void> {
  await db.insert(fortunes).values(SEED_FORTUNES.map((text) => ({ text })));
  const periods: (typeof fortunePeriods.$inferInsert)[] = [];
  for (let year = 2026; year <= 2028; year++) {
    for (let month = 1; month <= 12; month++) {
      const next = month === 12 ? { y: year + 1, m: 1 } : { y: year, m: month + 1 };
      periods.push({
        startsAt: new Date(`${year}-${String(month).padStart(2, "0")}-01T00:00:00+03:00`),
        endsAt: new Date(`${next.y}-${String(next.m).padStart(2, "0")}-01T00:00:00+03:00`),
        ...DEFAULT_PERIOD,
        prizes: [...DEFAULT_PERIOD.prizes],
      });
    }
  }
  await db.insert(fortunePeriods).values(periods);
}
