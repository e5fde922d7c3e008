import { z } from "zod";
import { idSchema } from "../common.js";
import { SEARCH_PAGE_DEFAULT, SEARCH_PAGE_MAX, SEARCH_QUERY_MAX } from "../../constants.js";
import { decodeSearchCursor } from "../search.js";
import { blankAsUndefined, pageCursorParam, pageLimitParam } from "./fields.js";

export const searchQuerySchema = z.object({
  q: z
    .string({ error: "q is required: the words to search for" })
    .trim()
    .min(1, { error: "q must not be empty: type the words to search for" })
    .max(SEARCH_QUERY_MAX, { error: `q must be at most ${SEARCH_QUERY_MAX} characters` }),
  domainId: z.preprocess(blankAsUndefined, idSchema.optional()),
  limit: pageLimitParam(SEARCH_PAGE_DEFAULT, SEARCH_PAGE_MAX, "Hits per page, best first"),
  before: pageCursorParam(decodeSearchCursor, "The previous page's X-Next-Cursor"),
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;
