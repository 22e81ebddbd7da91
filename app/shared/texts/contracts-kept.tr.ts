/** The contracts kept with an order (issue 26 §3): their page, the mail paragraph and its attachments' names. Small: member pages import it. */
export const contractsKeptTr = {
  pageTitle: "Sipariş Sözleşmeleri",
  heading: "{number} numaralı siparişin sözleşmeleri",
  meta: "Sipariş no: {number} · Metin sürümü: {version} · Onay tarihi: {date}",
  intro: "Siparişi verirken okuyup onayladığınız Ön Bilgilendirme Formu ve Mesafeli Satış Sözleşmesi, onayladığınız hâliyle aşağıdadır.",
  none: "Bu sipariş için saklanmış sözleşme metni yok.",
  print: "Yazdır",
  link: "Sözleşmeler",
  linkAria: "{number} numaralı siparişin sözleşmeleri",
  mailParagraph: "Onayladığınız Ön Bilgilendirme Formu ve Mesafeli Satış Sözleşmesi bu e-postanın ekindedir; ayrıca buradan görüntüleyebilirsiniz: {url}",
  preInfoFile: "on-bilgilendirme-formu-{number}.html",
  contractFile: "mesafeli-satis-sozlesmesi-{number}.html",
} as const;
