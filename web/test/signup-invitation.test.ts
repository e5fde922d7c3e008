import { describe, expect, test } from "vitest";
import { invitationData } from "../src/features/auth/signup-form";

describe("the sign-up page with an invitation link", () => {
  test("sends the link's token with the sign-up, where the server reads it", () => {
    expect(invitationData("?invitation=abc_DEF-123")).toEqual({ data: { invitation: "abc_DEF-123" } });
  });
  test("sends nothing extra without one", () => {
    expect(invitationData("")).toEqual({});
    expect(invitationData("?invitation=")).toEqual({});
  });
});
