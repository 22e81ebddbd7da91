import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../db/testing";
import { parseCommand, runCommand, UsageError } from "../cli/commands";
import * as fortune from "./service";

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ now: "2035-03-10T12:00:00+03:00" });
});
afterAll(() => app.close());

const run = (...argv: string[]) => runCommand(app, parseCommand(argv));

describe("npm run site -- fortune …", () => {
  it("refuses bad usage before touching the database", () => {
    expect(() => parseCommand(["fortune"])).toThrow(UsageError);
    expect(() => parseCommand(["fortune", "follower", "ali", "belki"])).toThrow(UsageError);
    expect(() => parseCommand(["fortune", "period-add", "--start", "2035-03-01T00:00+03:00", "--end", "2035-02-01T00:00+03:00", "--prizes", "Kutu"])).toThrow(UsageError);
    expect(() => parseCommand(["fortune", "periods", "--bilinmeyen"])).toThrow(UsageError);
    expect(() => parseCommand(["fortune", "claim", "ABCDEFGH"])).toThrow(UsageError); // the sender's nickname is required
  });

  it("adds a period, lists winners with asil/yedek, claims a code, sets a follower", async () => {
    const out = await run("fortune", "period-add", "--start", "2035-03-01T00:00+03:00", "--end", "2035-04-01T00:00+03:00", "--prizes", "Büyük Kutu", "--reserve", "1", "--chance", "10000", "--info", "Mart");
    expect(out).toMatch(/^Dönem #\d+ eklendi$/);
    await expect(run("fortune", "period-add", "--start", "2035-03-15T00:00+03:00", "--end", "2035-04-15T00:00+03:00", "--prizes", "x")).rejects.toBeInstanceOf(UsageError);
    expect(await run("fortune", "periods")).toMatch(/ödül 1 yedek 1 şans 100% \(şu an\)/);

    const a = await fortune.ask(app, { nick: "@Birinci", deviceId: "d1", ip: "192.0.2.10" });
    const b = await fortune.ask(app, { nick: "ikinci", deviceId: "d2", ip: "192.0.2.11" });
    if (!a.ok || !b.ok) throw new Error("ask failed");
    const winners = await run("fortune", "winners");
    expect(winners).toContain(`${a.result.obj.code} Birinci — 1. asil, son `);
    expect(winners).toContain(`${b.result.obj.code} ikinci — 2. yedek 1, son `);
    expect(await run("fortune", "claim", a.result.obj.code, "ikinci")).toMatch(/^Hata: .*mesajı gönderen hesaba ait değil/);
    expect(await run("fortune", "claim", a.result.obj.code, "@birinci")).toBe("Kod alındı: Birinci, 1. sıra — Büyük Kutu");
    expect(await run("fortune", "claim", a.result.obj.code, "Birinci")).toMatch(/^Hata: .*daha önce kullanıldı/);
    expect(await run("fortune", "reject", b.result.obj.code)).toBe("Kazanan reddedildi");
    expect(await run("fortune", "winners")).toContain(`${b.result.obj.code} ikinci — reddedildi`);
    expect(await run("fortune", "follower", "@Sadık", "on")).toBe("@Sadık: takipçi açık");
  });
});
