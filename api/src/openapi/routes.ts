import { Hono } from "hono";
import { renderDocsPage } from "./docs-page.js";
import { buildOpenApiDocument } from "./document.js";

/** Public (no token): the OpenAPI document and its browsable reference. Mounted at /api before the auth middleware. */
export function openApiRoutes() {
  let doc: ReturnType<typeof buildOpenApiDocument> | undefined;
  let html: string | undefined;
  const document = () => (doc ??= buildOpenApiDocument());
  return new Hono()
    .get("/openapi.json", (c) => c.json(document()))
    .get("/docs", (c) => c.html((html ??= renderDocsPage(document()))));
}
