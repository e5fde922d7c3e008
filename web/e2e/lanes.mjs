// The browser journeys run in two lanes side by side (scripts/e2e-lanes.mjs), each a vitest process
// with its own APIs and scripted OpenAI server (e2e/global-setup.ts), one journey at a time within a
// lane. The journeys that change what that server answers (POST /script) share a lane, so a scripted
// failure or transcript never reaches a journey of the other lane; the Firefox and WebKit journeys
// join them, which leaves the two lanes about as long (about 450 s and 390 s on a quiet 2-core machine).
const scriptedOpenAI = ["admin", "ask", "live-updates", "notes", "prerendered", "summaries"];
const firstLane = [...scriptedOpenAI, "firefox", "webkit"].map((name) => `e2e/${name}.e2e.test.ts`);

export const E2E_LANES = [
  { name: "engines+scripted", include: firstLane, exclude: [] },
  { name: "chromium", include: ["e2e/**/*.e2e.test.ts"], exclude: firstLane },
];
