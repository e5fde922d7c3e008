import { Hono } from "hono";

/** The app is a private journal behind sign-in: crawlers may see its front door, never the API or auth. */
const ROBOTS = ["User-agent: *", "Disallow: /api/", "Disallow: /auth/", ""].join("\n");

/** GET /robots.txt (without it the SPA fallback answered the app's HTML). */
export function robotsRoutes() {
  return new Hono().get("/robots.txt", (c) => c.text(ROBOTS));
}
