// Headless Debian Chromium as this machine runs it (root, closed network): no sandbox, no GPU, and
// none of the background connections the closed network would refuse. Shared by the browser
// journeys (e2e/chromium.ts), the recorder benchmark and the Lighthouse script.
export const CHROMIUM_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
