import { type CreateDomainInput, type Domain } from "@vj/core";
import { answerSchema, apiRequest } from "../../lib/api-client";
import { useAppMutation } from "../../lib/mutation";
import { collectionKeys } from "./queries";

function createCollection(input: CreateDomainInput): Promise<Domain> {
  return apiRequest("/api/domains", { method: "POST", body: input, schema: answerSchema((s) => s.domainSchema) });
}

/** Onboarding's first collection (SPEC §8 toasts); success refreshes the list and the default. */
export function useCreateFirstCollection() {
  return useAppMutation({
    mutationFn: createCollection,
    invalidate: () => [collectionKeys.all],
    success: { title: "Collection created!", description: "Your first collection is ready. Let's start journaling!" },
    failure: (error) => ({ title: "Failed to create collection", description: error.message || "Something went wrong. Please try again." }),
  });
}

/** The /collections dialog: SPEC §8 says a failure there is only logged, the form shows it under the field. */
export function useCreateCollection() {
  return useAppMutation({
    mutationFn: createCollection,
    invalidate: () => [collectionKeys.all],
    failure: (error) => {
      console.error("Failed to create collection", error);
      return null;
    },
  });
}
