/** Order statuses and order-related texts shown to customers and staff. */
export const ordersTr = {
  status: {
    received: "Sipariş alındı",
    preparing: "Hazırlanıyor (fırında)",
    ready: "Hazır",
    shipped: "Kargoya verildi",
    outfordelivery: "Dağıtımda",
    collected: "Teslim alındı",
    delivered: "Teslim edildi",
    cancelled: "İptal edildi",
    refunded: "İade edildi",
  },
  deliveryType: {
    Carrier: "Kargo",
    Delivery: "Adrese teslim (kurye)",
    Store: "Atölyeden teslim",
    Pickup: "Atölyeden teslim",
  },
  /** The door delivery's type when the buyer chose a VIP courier slot (its price and window differ from the standard courier's). */
  deliveryTypeVip: "Adrese teslim (VIP kurye)",
  /** Refund reason (shown in the refund mail) when the canceller gave none. */
  cancelledReason: "Sipariş iptal edildi",
  errors: {
    illegalTransition: "Bu sipariş '{from}' durumundan '{to}' durumuna geçirilemez.",
    notFound: "Sipariş bulunamadı.",
    cannotCancel: "Siparişiniz fırına girdiği için artık iptal edilemiyor. Lütfen bizimle iletişime geçin.",
  },
} as const;
