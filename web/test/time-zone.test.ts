import { afterEach, describe, expect, it, vi } from "vitest";
import { browserTimeZone } from "../src/lib/api-client";

/** The browser's zone as Intl reports it, switchable mid-test (a person who travels). */
function zoneOfBrowser(initial: string) {
  let current = initial;
  const real = Intl.DateTimeFormat;
  vi.spyOn(Intl, "DateTimeFormat").mockImplementation(
    () => ({ resolvedOptions: () => ({ ...new real().resolvedOptions(), timeZone: current }) }) as Intl.DateTimeFormat,
  );
  return { moveTo: (zone: string) => (current = zone) };
}

afterEach(() => vi.restoreAllMocks());

describe("the time zone sent with the lists", () => {
  it("follows a person who lands in another zone within a minute", () => {
    const t = Date.parse("2026-11-26T08:00:00Z");
    const browser = zoneOfBrowser("Europe/Paris");
    expect(browserTimeZone(t)).toBe("Europe/Paris");
    browser.moveTo("Asia/Tokyo");
    expect(browserTimeZone(t + 30_000)).toBe("Europe/Paris");
    expect(browserTimeZone(t + 60_000)).toBe("Asia/Tokyo");
    // A clock set back does not keep the old zone for longer.
    browser.moveTo("America/New_York");
    expect(browserTimeZone(t - 5_000)).toBe("America/New_York");
  });
});
