/** The iyzipay client ships no types: the part the adapter uses. */
declare module "iyzipay" {
  type Callback = (err: Error | null, result: Record<string, unknown> | undefined) => void;
  interface Resource {
    create(req: object, cb: Callback): void;
    retrieve(req: object, cb: Callback): void;
    delete(req: object, cb: Callback): void;
  }
  class Iyzipay {
    constructor(config: { uri: string; apiKey: string; secretKey: string });
    payment: Resource;
    threedsInitialize: Resource;
    threedsPayment: Resource;
    card: Resource;
    cardList: Resource;
    refund: Resource;
    cancel: Resource;
    binNumber: Resource;
    installmentInfo: Resource;
  }
  export default Iyzipay;
}
