import type { DbOrTx } from "../db/client";
import { queueMail } from "../mail/service";
import { fmt } from "~/shared/texts/tr";
import { accountTr } from "~/shared/texts/account.tr";

const m = accountTr.mail;

/** The account mails (HTML + text, Turkish, brand layout), queued in the caller's transaction. */
export async function activationMail(db: DbOrTx, base: string, to: { email: string; name: string }, code: string, tokenId: number) {
  await queueMail(
    db,
    {
      to: to.email,
      subject: m.activationSubject,
      heading: fmt(m.activationHeading, { name: to.name }),
      paragraphs: [m.activationBody, fmt(m.activationCode, { url: `${base}/activation`, code })],
      button: { label: m.activationButton, url: `${base}/activation/${code}` },
    },
    { dedupeKey: `account:activation:${tokenId}` },
  );
}

export async function alreadyRegisteredMail(db: DbOrTx, base: string, to: { email: string; name: string }, dedupeKey: string) {
  await queueMail(
    db,
    {
      to: to.email,
      subject: m.existsSubject,
      heading: fmt(m.existsHeading, { name: to.name }),
      paragraphs: [m.existsBody, m.existsIgnore],
      button: { label: m.existsButton, url: `${base}/auth/reset` },
    },
    { dedupeKey },
  );
}

export async function resetMail(db: DbOrTx, base: string, to: { email: string }, code: string, tokenId: number) {
  await queueMail(
    db,
    {
      to: to.email,
      subject: m.resetSubject,
      heading: m.resetHeading,
      paragraphs: [m.resetBody, m.resetIgnore],
      button: { label: m.resetButton, url: `${base}/resetpass/${code}` },
    },
    { dedupeKey: `account:reset:${tokenId}` },
  );
}

export async function welcomeMail(db: DbOrTx, base: string, to: { email: string; name: string; id: number }) {
  await queueMail(
    db,
    {
      to: to.email,
      subject: m.welcomeSubject,
      heading: fmt(m.welcomeHeading, { name: to.name }),
      paragraphs: [m.welcomeBody],
      button: { label: m.welcomeButton, url: `${base}/memberarea/home` },
    },
    { dedupeKey: `account:welcome:${to.id}` },
  );
}
