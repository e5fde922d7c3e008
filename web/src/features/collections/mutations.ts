import { useMutation, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { type CreateDomainInput, type Domain } from "@vj/core";
import { ApiError } from "../../lib/api-client";
import { toast } from "../../lib/toast-store";
import { useAuth } from "../auth/auth-provider";
import { makeChange } from "../outbox/page-outbox";
import { collectionCreateChange, collectionOfCreate, takenAddressMessage } from "./offline-create";
import { collectionKeys } from "./queries";

/**
 * A new collection goes through the outbox like every change (DESIGN §13), with an id made here:
 * it is in the list at once, offline too, and sent in its turn; a recording made into it waits
 * for it. An address already taken is refused here, as the server would.
 */
function useCreateThroughOutbox(): (input: CreateDomainInput) => Promise<Domain> {
  const queryClient = useQueryClient();
  const ownerId = useAuth().user?.id ?? "";
  return async (input) => {
    const id = crypto.randomUUID();
    const taken = takenAddressMessage(queryClient.getQueryData<Domain[]>(collectionKeys.list()) ?? [], input.name, id);
    if (taken) throw new ApiError(409, taken, "conflict");
    const created = collectionOfCreate(await makeChange(collectionCreateChange(ownerId, id, input)))!;
    queryClient.setQueryData<Domain[]>(collectionKeys.list(), (list) => [...(list ?? []).filter((c) => c.id !== id), created]);
    return created;
  };
}

/** Onboarding's first collection (SPEC §8 toasts), kept on the device first: a first collection made offline waits to be sent. */
export function useCreateFirstCollection() {
  const mutationFn = useCreateThroughOutbox();
  return useMutation({
    networkMode: "always",
    mutationFn,
    onSuccess: () => toast({ title: "Collection created!", description: "Your first collection is ready. Let's start journaling!" }),
    onError: (error) => toast({ variant: "destructive", title: "Failed to create collection", description: error.message || "Something went wrong. Please try again." }),
  });
}

/** The /collections dialog's create; an address already taken is said under the name (SPEC §8: no toast). */
export function useCreateCollection() {
  const mutationFn = useCreateThroughOutbox();
  return useMutation({
    networkMode: "always",
    mutationFn,
    onError: (error) => console.error("Failed to create collection", error),
  });
}

/** The change, as the person sees it, in the cached collection list at once. */
function patchCachedCollections(queryClient: QueryClient, patch: (list: Domain[]) => Domain[]): void {
  queryClient.setQueryData<Domain[]>(collectionKeys.list(), (list) => (list ? patch(list) : list));
}

/**
 * Editing a collection (name, description, colour) goes through the outbox like every change
 * (DESIGN §13): kept on the device, shown at once, sent now or when the connection is back.
 */
export function useEditCollection() {
  const queryClient = useQueryClient();
  const ownerId = useAuth().user?.id ?? "";
  return useMutation({
    networkMode: "always",
    mutationFn: async ({ id, changes }: { id: string; changes: { name: string; description: string | null; primaryColor: string } }) => {
      await makeChange({ ownerId, target: { type: "collection", id }, action: "update", method: "PATCH", path: `/api/domains/${id}`, body: changes });
      patchCachedCollections(queryClient, (list) => list.map((c) => (c.id === id ? { ...c, ...changes } : c)));
    },
  });
}

/** Deleting a collection with its notes and summaries, through the outbox. */
export function useDeleteCollection() {
  const queryClient = useQueryClient();
  const ownerId = useAuth().user?.id ?? "";
  return useMutation({
    networkMode: "always",
    mutationFn: async (id: string) => {
      await makeChange({ ownerId, target: { type: "collection", id }, action: "delete", method: "DELETE", path: `/api/domains/${id}` });
      patchCachedCollections(queryClient, (list) => list.filter((c) => c.id !== id));
    },
  });
}
