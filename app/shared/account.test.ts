import { describe, expect, it } from "vitest";
import { checkNewPasswords, forgotSchema, normalizeEmail, registerSchema, safeReturnUrl, signInSchema } from "./account";

describe("account rules", () => {
  it("returnUrl: same-site paths only (no open redirect)", () => {
    expect(safeReturnUrl("/basket")).toBe("/basket");
    expect(safeReturnUrl("/memberarea/orders?x=1#a")).toBe("/memberarea/orders?x=1#a");
    for (const bad of ["//evil.example", "https://evil.example/", "/\\evil.example", "javascript:alert(1)", "evil", "/\u0000x", "/auth/login", "", null]) {
      expect(safeReturnUrl(bad), String(bad)).toBe("/memberarea/home");
    }
  });

  it("e-mails normalise Turkish capitals: İ, I and ı become i", () => {
    expect(normalizeEmail("  İLKER@ORNEK.COM ")).toBe("ilker@ornek.com");
    expect(normalizeEmail("IŞIK@ornek.com")).toBe("işik@ornek.com");
    expect(normalizeEmail("ılgın@ornek.com")).toBe("ilgin@ornek.com");
    expect(normalizeEmail("i\u0307lker@ornek.com")).toBe("ilker@ornek.com");
  });

  it("sign-in messages are the spec's; passwords are 8–64", () => {
    const r = signInSchema.safeParse({ email: "", password: "" });
    expect(r.success).toBe(false);
    const msgs = r.success ? [] : r.error.issues.map((i) => i.message);
    expect(msgs).toContain("Lütfen e-posta adresinizi giriniz");
    expect(msgs).toContain("Lütfen şifrenizi giriniz");
    const bad = signInSchema.safeParse({ email: "ali@", password: "kisa" });
    expect([...new Set(bad.success ? [] : bad.error.issues.map((i) => i.message))]).toEqual([
      "Lütfen geçerli bir e-posta adresi giriniz",
      "Şifreniz en az 8, en fazla 64 karakter olmalıdır",
    ]);
    expect(signInSchema.safeParse({ email: "ali@ornek.com", password: "x".repeat(65) }).success).toBe(false);
  });

  it("registration: passwords must match, common passwords and empty names are refused", () => {
    const base = { frmEmail: "ali@ornek.com", frmPass1: "Kurabiye-42-x", frmPass2: "Kurabiye-42-x", frmName: "Ali" };
    expect(registerSchema.safeParse(base).success).toBe(true);
    const mismatch = registerSchema.safeParse({ ...base, frmPass2: "baska-sifre-1" });
    expect(mismatch.success ? "" : mismatch.error.issues[0]!.message).toBe("Şifreler aynı olmalıdır");
    const common = registerSchema.safeParse({ ...base, frmPass1: "12345678", frmPass2: "12345678" });
    expect(common.success).toBe(false);
    expect(registerSchema.safeParse({ ...base, frmName: "  " }).success).toBe(false);
  });

  it("forgot password: one message for empty, short or invalid", () => {
    for (const email of ["", "a@b", "not-an-email"]) {
      const r = forgotSchema.safeParse({ email });
      expect(r.success ? "" : r.error.issues[0]!.message).toBe("Lütfen e-posta adresi girip, tekrar deneyin");
    }
  });

  it("reset form: mismatch clears with the spec's text; lengths asked otherwise", () => {
    expect(checkNewPasswords("Yepyeni-Sifre-1", "Yepyeni-Sifre-2")).toMatchObject({ ok: false, problem: "mismatch", message: "Girilen şifreler birbirinden farklıdır" });
    expect(checkNewPasswords("kisa", "kisa")).toMatchObject({ ok: false, problem: "fillAll" });
    expect(checkNewPasswords("Yepyeni-Sifre-1", "Yepyeni-Sifre-1")).toEqual({ ok: true });
  });
});
