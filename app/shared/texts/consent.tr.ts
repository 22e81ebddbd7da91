/**
 * Commercial-message consent and the privacy notice (issue 26 §4). `version` is stored with every consent
 * record: change it whenever `emailLabel` changes.
 */
export const consentTr = {
  version: "2026-11-25",
  /** The opt-in box (unticked by default) wherever an e-mail address is collected for an account. */
  emailLabel: "Kampanya, indirim ve yeniliklerden e-posta ile haberdar olmak istiyorum (ticari elektronik ileti onayı; dilediğiniz an geri alabilirsiniz).",
  privacy: {
    before: "Kişisel verileriniz ",
    link: "Aydınlatma Metni",
    after: "'nde açıklandığı şekilde işlenir.",
  },
  member: {
    heading: "İletişim izinleri",
    status: "Kampanya e-postaları: {state}",
    on: "açık",
    off: "kapalı",
    grant: "Kampanya e-postalarına izin ver",
    withdraw: "Kampanya e-postalarını durdur",
    granted: "Kampanya e-postalarına izin verdiniz.",
    withdrawn: "Kampanya e-postası izniniz geri alındı; artık size kampanya e-postası göndermeyeceğiz.",
  },
  unsubscribe: {
    title: "E-posta aboneliği",
    done: "{email} adresine kampanya e-postası gönderimi durduruldu. İzniniz kaydedildi; istediğiniz zaman üye alanınızdan yeniden verebilirsiniz.",
    invalid: "Bu bağlantı geçersiz. Lütfen e-postadaki bağlantıyı eksiksiz açın veya üye alanınızdan izinlerinizi değiştirin.",
  },
  staff: {
    export: "İYS için izin listesini indir (CSV)",
  },
  mail: {
    footer: "Bu e-postayı ticari ileti onayınız olduğu için aldınız. Almak istemiyorsanız tek tıkla ayrılın: {url}",
  },
} as const;
