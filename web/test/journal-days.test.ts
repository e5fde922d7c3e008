import { describe, expect, it } from "vitest";
import { daysInARow, monthLabel, monthWeeks, shiftMonth } from "../src/features/journal-days/month-grid";
import { validateJournalSearch } from "../src/features/journal-view/search-params";

describe("the month calendar's grid", () => {
  it("starts its weeks on Sunday, as the navigator's weeks do, and pads with empty cells", () => {
    // March 2026 begins on a Sunday; February 2026 on a Sunday and fills exactly four weeks.
    const march = monthWeeks("2026-03");
    expect(march[0]).toEqual(["2026-03-01", "2026-03-02", "2026-03-03", "2026-03-04", "2026-03-05", "2026-03-06", "2026-03-07"]);
    expect(march.at(-1)).toEqual(["2026-03-29", "2026-03-30", "2026-03-31", null, null, null, null]);
    expect(monthWeeks("2026-02")).toHaveLength(4);
    // August 2026 begins on a Saturday: six leading blanks, six rows.
    const august = monthWeeks("2026-08");
    expect(august[0]).toEqual([null, null, null, null, null, null, "2026-08-01"]);
    expect(august).toHaveLength(6);
    expect(monthWeeks("2024-02").flat().filter(Boolean)).toHaveLength(29);
  });

  it("steps months across a year's end and names them", () => {
    expect(shiftMonth("2026-01", -1)).toBe("2025-12");
    expect(shiftMonth("2025-12", 1)).toBe("2026-01");
    expect(monthLabel("2026-03", "en-US")).toBe("March 2026");
  });

  it("words the streak", () => {
    expect(daysInARow(0)).toBe("0 days in a row");
    expect(daysInARow(1)).toBe("1 day in a row");
    expect(daysInARow(5)).toBe("5 days in a row");
  });
});

describe("a reminder's link into the journal", () => {
  it("keeps record=1 (today's view, ready to record) and nothing else it does not know", () => {
    expect(validateJournalSearch({ record: 1 })).toEqual({ record: true });
    expect(validateJournalSearch({ record: "1", view: "week" })).toEqual({ record: true, view: "week" });
    expect(validateJournalSearch({ record: "yes" })).toEqual({});
  });
});
