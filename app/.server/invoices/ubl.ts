import { XMLBuilder } from "fast-xml-parser";
import type { EarsivDocument, EarsivParty, EarsivSeller } from "~/shared/earsiv";
import { earsivTr } from "~/shared/texts/earsiv.tr";

/**
 * The UBL-TR 1.2 e-Arşiv XML of an issued invoice (issue 26 §2), built with fast-xml-parser's builder from the
 * stored model (never by joining strings: every text is escaped by the library). Element order follows the UBL 2.1
 * Invoice schema, which UBL-TR restricts; the fields follow GİB's UBL-TR guide for e-Arşiv:
 *
 * - ProfileID EARSIVFATURA, CustomizationID TR1.2, InvoiceTypeCode SATIS or IADE (an IADE names the invoice it
 *   returns in BillingReference), ETTN in cbc:UUID.
 * - Seller: VKN and MERSİS numbers, title, address, tax office, web address, phone, e-mail. Buyer: TCKN (with
 *   cac:Person; 11111111111 for an individual who gave none) or VKN (with title and tax office).
 * - Internet sale: the web address (seller's WebsiteURI), the payment method and date (cac:PaymentMeans: code 48
 *   for a card, the GİB payment-type text in InstructionNote, the date in PaymentDueDate), the carrier
 *   (cac:Delivery/cac:CarrierParty) and the dispatch date (cac:Despatch/cbc:ActualDespatchDate).
 * - Lines: quantity with unit code C62 (adet), the line's share of the discount and points as a line allowance,
 *   KDV per line; the delivery fee is its own line. Totals: KDV per rate (TaxSubtotal), LineExtensionAmount (before
 *   allowances), AllowanceTotalAmount, TaxExclusiveAmount, TaxInclusiveAmount, PayableAmount.
 * - How it is delivered (ELEKTRONIK / KAGIT) and 'İrsaliye yerine geçer' as AdditionalDocumentReferences.
 *
 * The integrator adds the financial seal (mali mühür) in ext:UBLExtensions when it signs; `local` keeps it unsigned.
 */
const NS = {
  "@_xmlns": "urn:oasis:names:specification:ubl:schema:xsd:Invoice-2",
  "@_xmlns:cac": "urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2",
  "@_xmlns:cbc": "urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2",
  "@_xmlns:ext": "urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2",
};

const CURRENCY = "TRY";

/** Kuruş → '1234.56' (UBL amounts are decimals with a dot). */
export const amount = (kurus: number): string => {
  const sign = kurus < 0 ? "-" : "";
  const abs = Math.abs(Math.trunc(kurus));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
};
const money = (kurus: number) => ({ "@_currencyID": CURRENCY, "#text": amount(kurus) });
/** 2000 bp → '20', 150 bp → '1.5' */
const percent = (bp: number) => String(bp / 100);

const kdv = { "cac:TaxScheme": { "cbc:Name": "KDV", "cbc:TaxTypeCode": "0015" } };

function postalAddress(a: EarsivParty["address"]) {
  return {
    "cbc:StreetName": a.street,
    "cbc:CitySubdivisionName": a.district,
    "cbc:CityName": a.city,
    "cac:Country": { "cbc:Name": a.country },
  };
}

function contact(p: EarsivParty) {
  const c: Record<string, string> = {};
  if (p.phone) c["cbc:Telephone"] = p.phone;
  if (p.email) c["cbc:ElectronicMail"] = p.email;
  return Object.keys(c).length ? { "cac:Contact": c } : {};
}

function supplierParty(s: EarsivSeller) {
  const ids: { "cbc:ID": { "@_schemeID": string; "#text": string } }[] = [{ "cbc:ID": { "@_schemeID": s.idScheme, "#text": s.id } }];
  if (s.mersis) ids.push({ "cbc:ID": { "@_schemeID": "MERSISNO", "#text": s.mersis } });
  return {
    "cac:Party": {
      ...(s.website ? { "cbc:WebsiteURI": s.website } : {}),
      "cac:PartyIdentification": ids,
      "cac:PartyName": { "cbc:Name": s.name },
      "cac:PostalAddress": postalAddress(s.address),
      "cac:PartyTaxScheme": { "cac:TaxScheme": { "cbc:Name": s.taxOffice } },
      ...contact(s),
      ...(s.person ? { "cac:Person": { "cbc:FirstName": s.person.firstName, "cbc:FamilyName": s.person.familyName } } : {}),
    },
  };
}

function customerParty(b: EarsivParty) {
  return {
    "cac:Party": {
      "cac:PartyIdentification": { "cbc:ID": { "@_schemeID": b.idScheme, "#text": b.id } },
      ...(b.idScheme === "VKN" ? { "cac:PartyName": { "cbc:Name": b.name } } : {}),
      "cac:PostalAddress": postalAddress(b.address),
      ...(b.idScheme === "VKN" && b.taxOffice ? { "cac:PartyTaxScheme": { "cac:TaxScheme": { "cbc:Name": b.taxOffice } } } : {}),
      ...contact(b),
      ...(b.person ? { "cac:Person": { "cbc:FirstName": b.person.firstName, "cbc:FamilyName": b.person.familyName } } : {}),
    },
  };
}

export function buildEarsivXml(d: EarsivDocument): string {
  const additional: unknown[] = [{ "cbc:ID": d.sendType, "cbc:IssueDate": d.issueDate, "cbc:DocumentTypeCode": "GONDERIM_SEKLI" }];
  if (d.replacesDispatchNote) additional.push({ "cbc:ID": { "@_schemeID": "XSLTDISPATCH", "#text": earsivTr.replacesDispatchNote }, "cbc:IssueDate": d.issueDate });
  const sale = d.internetSale;
  const invoice = {
    ...NS,
    "cbc:UBLVersionID": "2.1",
    "cbc:CustomizationID": "TR1.2",
    "cbc:ProfileID": "EARSIVFATURA",
    "cbc:ID": d.number,
    "cbc:CopyIndicator": "false",
    "cbc:UUID": d.ettn,
    "cbc:IssueDate": d.issueDate,
    "cbc:IssueTime": d.issueTime,
    "cbc:InvoiceTypeCode": d.kind,
    ...(d.notes.length ? { "cbc:Note": d.notes } : {}),
    "cbc:DocumentCurrencyCode": CURRENCY,
    "cbc:LineCountNumeric": String(d.lines.length),
    "cac:OrderReference": { "cbc:ID": d.orderNumber, "cbc:IssueDate": d.orderDate },
    ...(d.returnOf
      ? {
          "cac:BillingReference": {
            "cac:InvoiceDocumentReference": { "cbc:ID": d.returnOf.number, "cbc:IssueDate": d.returnOf.issueDate, "cbc:DocumentTypeCode": "IADE" },
          },
        }
      : {}),
    "cac:AdditionalDocumentReference": additional,
    "cac:Signature": {
      "cbc:ID": { "@_schemeID": "VKN_TCKN", "#text": d.seller.id },
      "cac:SignatoryParty": {
        "cac:PartyIdentification": { "cbc:ID": { "@_schemeID": d.seller.idScheme, "#text": d.seller.id } },
        "cac:PostalAddress": postalAddress(d.seller.address),
      },
      "cac:DigitalSignatureAttachment": { "cac:ExternalReference": { "cbc:URI": `#Signature_${d.number}` } },
    },
    "cac:AccountingSupplierParty": supplierParty(d.seller),
    "cac:AccountingCustomerParty": customerParty(d.buyer),
    ...(sale.carrier
      ? {
          "cac:Delivery": {
            "cac:CarrierParty": {
              ...(sale.carrier.id ? { "cac:PartyIdentification": { "cbc:ID": { "@_schemeID": sale.carrier.id.length === 11 ? "TCKN" : "VKN", "#text": sale.carrier.id } } } : {}),
              "cac:PartyName": { "cbc:Name": sale.carrier.name },
            },
            "cac:Despatch": { "cbc:ActualDespatchDate": sale.dispatchDate },
          },
        }
      : {}),
    "cac:PaymentMeans": {
      "cbc:PaymentMeansCode": sale.paymentMethod === "KREDIKARTI/BANKAKARTI" ? "48" : "ZZZ",
      "cbc:PaymentDueDate": sale.paymentDate,
      "cbc:InstructionNote": sale.paymentMethod,
    },
    "cac:TaxTotal": {
      "cbc:TaxAmount": money(d.taxTotal),
      "cac:TaxSubtotal": d.taxSubtotals.map((t) => ({
        "cbc:TaxableAmount": money(t.base),
        "cbc:TaxAmount": money(t.amount),
        "cbc:Percent": percent(t.rateBp),
        "cac:TaxCategory": kdv,
      })),
    },
    "cac:LegalMonetaryTotal": {
      "cbc:LineExtensionAmount": money(d.lineExtension),
      "cbc:TaxExclusiveAmount": money(d.taxExclusive),
      "cbc:TaxInclusiveAmount": money(d.taxExclusive + d.taxTotal),
      "cbc:AllowanceTotalAmount": money(d.allowanceTotal),
      "cbc:PayableAmount": money(d.payable),
    },
    "cac:InvoiceLine": d.lines.map((l, i) => ({
      "cbc:ID": String(i + 1),
      "cbc:InvoicedQuantity": { "@_unitCode": l.unitCode, "#text": String(l.quantity) },
      "cbc:LineExtensionAmount": money(l.net),
      ...(l.allowance
        ? {
            "cac:AllowanceCharge": {
              "cbc:ChargeIndicator": "false",
              "cbc:Amount": money(l.allowance),
              "cbc:BaseAmount": money(l.grossNet),
            },
          }
        : {}),
      "cac:TaxTotal": {
        "cbc:TaxAmount": money(l.tax),
        "cac:TaxSubtotal": {
          "cbc:TaxableAmount": money(l.net),
          "cbc:TaxAmount": money(l.tax),
          "cbc:Percent": percent(l.taxRateBp),
          "cac:TaxCategory": kdv,
        },
      },
      "cac:Item": { "cbc:Name": l.name },
      "cac:Price": { "cbc:PriceAmount": money(l.unitNet) },
    })),
  };
  const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: "@_", format: true, indentBy: "  ", suppressEmptyNode: false });
  return `<?xml version="1.0" encoding="UTF-8"?>\n${builder.build({ Invoice: invoice }) as string}`;
}
