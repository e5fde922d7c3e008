// Renders the PNG app icons from the SVG sources with Debian's Chromium (no image library needed).
// Run: cd web && npx tsx scripts/make-icons.ts
import fs from "node:fs";
import path from "node:path";
import { chromium } from "playwright-core";

const icons = path.resolve(import.meta.dirname, "../public/icons");
const jobs = [
  { svg: "icon.svg", out: "icon-192.png", size: 192 },
  { svg: "icon.svg", out: "icon-512.png", size: 512 },
  { svg: "maskable.svg", out: "maskable-512.png", size: 512 },
];

const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
try {
  for (const job of jobs) {
    const page = await browser.newPage({ viewport: { width: job.size, height: job.size } });
    const svg = fs.readFileSync(path.join(icons, job.svg), "utf8");
    const html = `<html><body style="margin:0;background:transparent">${svg.replace("<svg ", `<svg width="${job.size}" height="${job.size}" `)}</body></html>`;
    await page.setContent(html);
    await page.screenshot({ path: path.join(icons, job.out), omitBackground: true });
    await page.close();
    console.log(`${job.out} ${job.size}x${job.size}`);
  }
} finally {
  await browser.close();
}
