import { describe, expect, test } from "vitest";
import { landingSignupLine, parseSignupStatus, signupNotice } from "../src/features/auth/signup-policy";

describe("what the landing and sign-up pages say about who may sign up", () => {
  test("open sign-ups say nothing", () => {
    expect(signupNotice({ signups: "open" })).toBeNull();
    expect(landingSignupLine({ signups: "open" })).toBeNull();
    expect(signupNotice(null)).toBeNull();
  });

  test("by invitation or closed, both pages say so", () => {
    expect(signupNotice({ signups: "invite" })?.title).toBe("Sign-ups are by invitation");
    expect(landingSignupLine({ signups: "invite" })).toBe("Sign-ups are by invitation");
    expect(signupNotice({ signups: "closed" })?.title).toBe("Sign-ups are closed");
    expect(landingSignupLine({ signups: "closed" })).toBe("Sign-ups are closed");
  });

  test("a valid invitation welcomes the person, naming the address it is for", () => {
    expect(signupNotice({ signups: "invite", invitation: { status: "valid", email: null } })).toMatchObject({ tone: "info", title: "You're invited" });
    expect(signupNotice({ signups: "closed", invitation: { status: "valid", email: "ana@example.com" } })?.text).toContain("ana@example.com");
  });

  test("a used, expired or unknown link says which, and where sign-ups are limited, whom to ask", () => {
    expect(signupNotice({ signups: "invite", invitation: { status: "used", email: null } })).toMatchObject({
      tone: "warning",
      title: "This invitation link was already used",
    });
    expect(signupNotice({ signups: "invite", invitation: { status: "expired", email: null } })?.text).toContain("Ask the person who runs it");
    expect(signupNotice({ signups: "open", invitation: { status: "unknown", email: null } })?.text).not.toContain("Ask");
  });

  test("the answer is read without zod: anything unexpected is no word at all", () => {
    expect(parseSignupStatus({ signups: "invite" })).toEqual({ signups: "invite" });
    expect(parseSignupStatus({ signups: "invite", invitation: { status: "valid", email: "a@b.c" } })).toEqual({
      signups: "invite",
      invitation: { status: "valid", email: "a@b.c" },
    });
    expect(parseSignupStatus({ signups: "maybe" })).toBeNull();
    expect(parseSignupStatus(null)).toBeNull();
    expect(parseSignupStatus({ signups: "open", invitation: { status: "weird" } })).toEqual({ signups: "open" });
  });
});
