import { describe, expect, it } from "vitest";
import { EMAIL_NOT_CONFIRMED, INVALID_CREDENTIALS, signInErrorMessage, signUpDestination, UNEXPECTED_ERROR } from "../src/features/auth/auth-messages";

describe("sign-in failure texts (SPEC §8)", () => {
  it.each([
    [{ code: "invalid_credentials", message: "Invalid login credentials" }, INVALID_CREDENTIALS],
    [{ message: "Invalid login credentials" }, INVALID_CREDENTIALS],
    [{ code: "email_not_confirmed", message: "Email not confirmed" }, EMAIL_NOT_CONFIRMED],
    [{ message: "Email not confirmed" }, EMAIL_NOT_CONFIRMED],
    [{ code: "over_request_rate_limit", message: "Request rate limit reached" }, "Request rate limit reached"],
    [{ message: "" }, UNEXPECTED_ERROR],
  ])("%o -> %s", (error, text) => {
    expect(signInErrorMessage(error)).toBe(text);
  });

  it("states the texts exactly as the spec does", () => {
    expect(INVALID_CREDENTIALS).toBe("Invalid email or password. Please check your credentials and try again.");
    expect(EMAIL_NOT_CONFIRMED).toBe("Please check your email and click the verification link before signing in.");
  });
});

describe("sign-up result (SPEC §4)", () => {
  it.each([
    [{ user: { id: "u" }, session: { access_token: "t" } }, "/onboarding"],
    [{ user: { id: "u" }, session: null }, "/auth/login"],
    [{ user: null, session: null }, "/auth/login"],
  ])("%o -> %s", (data, to) => {
    expect(signUpDestination(data)).toBe(to);
  });
});
