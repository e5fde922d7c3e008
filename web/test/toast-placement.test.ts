import { describe, expect, it } from "vitest";
import { toastLift, TOAST_CLEARANCE_PX, type Box } from "../src/components/ui/toast-placement";

const VH = 932;
const box = (top: number, bottom: number, left = 0, right = 400): Box => ({ top, bottom, left, right });
const overlaps = (a: Box, b: Box) => a.left < b.right && a.right > b.left && a.top < b.bottom && a.bottom > b.top;
const lifted = (stack: Box, by: number): Box => ({ ...stack, top: stack.top - by, bottom: stack.bottom - by });

describe("where the toasts stand", () => {
  // A two-line toast at home: 98 px tall, 16 px above the bottom edge, left of the record button.
  const home = box(VH - 114, VH - 16, 16, 334);

  it("stays at the bottom when nothing is beneath it", () => {
    expect(toastLift(0, home, [box(100, 140)], VH)).toBe(0);
  });

  it("stands above the recording panel's Finish and Cancel instead of covering them", () => {
    const finish = box(VH - 160, VH - 116, 12, 210);
    const cancel = box(VH - 160, VH - 116, 220, 418);
    const titleField = box(VH - 230, VH - 190, 12, 418);
    const lift = toastLift(0, home, [finish, cancel, titleField], VH);
    const stack = lifted(home, lift);
    for (const control of [finish, cancel, titleField]) expect(overlaps(stack, control)).toBe(false);
    expect(stack.bottom).toBeLessThanOrEqual(titleField.top - TOAST_CLEARANCE_PX);
  });

  it("finds the gap between controls and takes the lowest one", () => {
    const low = box(VH - 100, VH - 60);
    const middle = box(VH - 400, VH - 360);
    const lift = toastLift(0, home, [low, middle], VH);
    const stack = lifted(home, lift);
    expect(overlaps(stack, low) || overlaps(stack, middle)).toBe(false);
    expect(stack.bottom).toBe(low.top - TOAST_CLEARANCE_PX);
  });

  it("ignores controls beside it, and keeps a free place while the page scrolls", () => {
    const recordButton = box(VH - 88, VH - 24, 342, 406);
    expect(toastLift(0, home, [recordButton], VH)).toBe(0);
    const current = 300;
    expect(toastLift(current, lifted(home, current), [box(VH - 120, VH - 80)], VH)).toBe(current);
  });

  it("covers as few controls as it can when the screen is full of them", () => {
    const rows = Array.from({ length: 20 }, (_, i) => box(i * 47, i * 47 + 45));
    const lift = toastLift(0, home, rows, VH);
    const stack = lifted(home, lift);
    expect(stack.top).toBeGreaterThanOrEqual(0);
    expect(rows.filter((r) => overlaps(stack, r)).length).toBeLessThanOrEqual(3);
  });
});
