import { z } from "zod";
import { DEFAULT_COLLECTION_COLOR } from "../../constants.js";
import { LIMITS } from "../../constants.js";

export const hexColorSchema = z.string().regex(/^#[0-9a-fA-F]{6}$/, { error: "Please enter a valid hex color" });

/**
 * POST /api/domains. `userId` is accepted and ignored: the user always comes from the token
 * (the onboarding sends ""). Name and description are trimmed as the spec's forms do.
 */
export const createDomainSchema = z.object({
  name: z
    .string({ error: (issue) => (issue.input === undefined ? "Required" : undefined) })
    .trim()
    .min(1, { error: "Collection name required" })
    .max(LIMITS.name, { error: `Collection name must be at most ${LIMITS.name} characters` }),
  description: z
    .string()
    .trim()
    .max(LIMITS.description, { error: `Description must be at most ${LIMITS.description} characters` })
    .nullish(),
  primaryColor: hexColorSchema.default(DEFAULT_COLLECTION_COLOR),
  isDefault: z.boolean().default(false),
  userId: z.unknown().optional(),
});
export type CreateDomainInput = z.input<typeof createDomainSchema>;

/**
 * PATCH /api/domains/{id}: the name, description and colour a person may change. The address
 * (slug) stays what it was, so links and the last-selected collection keep working.
 */
export const updateDomainSchema = z.strictObject({
  name: createDomainSchema.shape.name.optional(),
  description: createDomainSchema.shape.description,
  primaryColor: hexColorSchema.optional(),
});
export type UpdateDomainInput = z.input<typeof updateDomainSchema>;
