/** Texts around the seller's identity (issue 26 §1): footer, mails, the demo's example notice. */
export const sellerTr = {
  /** Every mail's last line. */
  mailLine: "{title} · {address} · {phone} · {email} · MERSİS {mersis}",
  footer: {
    mersis: "MERSİS No: {value}",
    kep: "KEP: {value}",
    etbis: "ETBİS kaydını doğrulayın",
    /** Shown while the shop runs with the demo's example identity (never in production). */
    example: "ÖRNEK: Bu satıcı bilgileri tanıtım amaçlı örnek değerlerdir; gerçek bir şirkete ait değildir.",
  },
} as const;
