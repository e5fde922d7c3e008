import { errorBodySchema } from "@vj/core";
import { z, type ZodType } from "zod";
import { operations, type Named, type Operation } from "./operations.js";

type JsonSchema = Record<string, unknown>;

const ERROR_TEXT: Record<number, string> = {
  400: "Invalid request (malformed JSON, wrong types, failed validation)",
  401: "Missing, invalid or expired bearer token",
  404: "Not found, or not yours",
  409: "Conflict",
  413: "Too large",
  415: "Unsupported media type",
  416: "Range not satisfiable",
  422: "Cannot be processed",
  429: "Too many requests, or a daily limit of the account reached (`limit_reached`, with `resetsAt` and a Retry-After header)",
  502: "Engine failed (asking again will not help)",
  503: "Engine or auth provider unavailable (try again later)",
};

function toJsonSchema(schema: ZodType, io: "input" | "output"): JsonSchema {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: "any" }) as JsonSchema;
  return rest;
}


/** The OpenAPI 3.1 document of the product API, generated from the same zod schemas that validate it. */
export function buildOpenApiDocument(): JsonSchema {
  const schemas: Record<string, JsonSchema> = { Error: toJsonSchema(errorBodySchema, "output") };
  const ref = (named: Named, io: "input" | "output") => {
    schemas[named.name] ??= toJsonSchema(named.schema, io);
    return { $ref: `#/components/schemas/${named.name}` };
  };

  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of operations) {
    (paths[op.path] ??= {})[op.method] = operation(op, ref);
  }

  return {
    openapi: "3.1.0",
    info: {
      title: "Voice Journal API",
      version: "1.0.0",
      description:
        "Product API of Voice Journal. Every call needs `Authorization: Bearer <access token>` from the built-in auth (`/auth/v1`) or Supabase. Errors answer `{ error: { code, message, issues? } }`.",
    },
    servers: [{ url: "/" }],
    security: [{ bearer: [] }],
    tags: [...new Set(operations.map((o) => o.tag))].map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: { bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" } },
      schemas,
    },
  };
}

function operation(op: Operation, ref: (named: Named, io: "input" | "output") => { $ref: string }) {
  const parameters: unknown[] = [];
  if (op.idOf) {
    parameters.push({ name: "id", in: "path", required: true, description: `The ${op.idOf}'s id`, schema: op.opaqueId ? { type: "string" } : { type: "string", format: "uuid" } });
  }
  if (op.query) {
    const json = toJsonSchema(op.query.schema, "input") as { properties?: Record<string, JsonSchema>; required?: string[] };
    for (const [name, schema] of Object.entries(json.properties ?? {})) {
      parameters.push({ name, in: "query", required: json.required?.includes(name) ?? false, schema });
    }
  }

  let requestBody: unknown;
  if (op.json) requestBody = { required: true, content: { "application/json": { schema: ref(op.json, "input") } } };
  if (op.multipart) {
    const fields = toJsonSchema(op.multipart.schema, "input") as { properties?: Record<string, JsonSchema>; required?: string[] };
    requestBody = {
      required: true,
      content: {
        "multipart/form-data": {
          schema: {
            type: "object",
            required: [op.multipart.file.field, ...(fields.required ?? [])],
            properties: {
              [op.multipart.file.field]: { type: "string", format: "binary", contentMediaType: op.multipart.file.type },
              ...fields.properties,
            },
          },
        },
      },
    };
  }

  const responses: Record<string, unknown> = {};
  for (const [status, r] of Object.entries(op.responses)) {
    responses[status] = {
      description: r.description,
      ...(r.headers
        ? { headers: Object.fromEntries(Object.entries(r.headers).map(([name, description]) => [name, { description, schema: { type: "string" } }])) }
        : {}),
      ...(r.body ? { content: { "application/json": { schema: ref(r.body, "output") } } } : {}),
      ...(r.binary ? { content: { [r.binary]: { schema: { type: "string", format: "binary" } } } } : {}),
    };
  }
  for (const status of [400, ...(op.public ? [] : [401]), ...(op.errors ?? [])]) {
    responses[String(status)] = {
      description: ERROR_TEXT[status] ?? "Error",
      content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
    };
  }

  return {
    tags: [op.tag],
    summary: op.summary,
    ...(op.description ? { description: op.description } : {}),
    operationId: `${op.method}${op.path.replace(/\{id\}/g, "ById").replace(/[^a-zA-Z]+(.)/g, (_m, c: string) => c.toUpperCase())}`,
    ...(op.public ? { security: [] } : {}),
    ...(parameters.length ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses,
  };
}
