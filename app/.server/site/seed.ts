import type { Db } from "../db/client";
import { menuItems, siteStatus } from "../db/schema/site";

/** Demo site status and the eleven menu pages; inserting twice changes nothing. */
export async function seedSite(db: Db): Promise<void> {
  await db
    .insert(siteStatus)
    .values({ id: 1, botMsg: "Hediyenizle birlikte resim, müzik, video gönderebilirsiniz!" })
    .onConflictDoNothing();
  const tiles: (typeof menuItems.$inferInsert)[] = [
    { pageId: 1, position: 1, size: "big", name: "Kurabiyeler", link: "/home/cookie", header: "Kurabiyeler", subHeader: "Tek tek seç", bgColour: "#5b3a29" },
    { pageId: 2, position: 2, size: "big", name: "Hediye Kutuları", link: "/home/gift", header: "Hediye Kutuları", subHeader: "Sevdiklerine", bgColour: "#8a2f3b" },
    { pageId: 3, position: 3, size: "small", name: "Kurumsal", link: "/home/corp", header: "Kurumsal", subHeader: "50+ çalışanı olan kurumlara", bgColour: "#2f4a5b" },
    { pageId: 4, position: 4, size: "small", name: "Vitrin", link: "/vitrin", header: "Atölye Vitrini", subHeader: "Bugün hazır olanlar", bgColour: "#3f5b2f" },
    { pageId: 5, position: 5, size: "small", name: "Kurabiyeni Seç", link: "/yourcookie", header: "Kurabiyeni Seç", subHeader: "Sana uygun tat", bgColour: "#7a5a14" },
    { pageId: 6, position: 6, size: "small", name: "Kurabiye Falı", link: "/fortune", header: "Kurabiye Falı", subHeader: "Şansını dene", bgColour: "#5b2f5a" },
    { pageId: 7, position: 7, size: "info", name: "Teslimat", link: "/deliveryoptions", header: "Teslimat Seçenekleri", subHeader: "Kargo, kurye, atölyeden teslim", bgColour: "#2f5b57" },
    { pageId: 8, position: 8, size: "info", name: "Bilgi", link: null, header: "Bilgi", subHeader: "Hakkımızda, SSS, iletişim", bgColour: "#4a4a4a" },
    { pageId: 9, parentPageId: 8, position: 9, size: "small", name: "Hakkımızda", link: "/about", header: "Hakkımızda", bgColour: "#4a4a4a" },
    { pageId: 10, parentPageId: 8, position: 10, size: "small", name: "Sıkça Sorulan Sorular", link: "/sss", header: "SSS", bgColour: "#4a4a4a" },
    { pageId: 11, parentPageId: 8, position: 11, size: "small", name: "İletişim", link: "/contact", header: "İletişim", bgColour: "#4a4a4a" },
  ];
  await db.insert(menuItems).values(tiles).onConflictDoNothing();
}
