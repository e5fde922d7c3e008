import { useEffect, useRef, useState } from "react";

/**
 * Loads the next page of a list when its end scrolls near the viewport (IntersectionObserver on
 * a sentinel element), so a week or month of notes arrives page by page as the person scrolls.
 */
export function useLoadMore(options: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage(): unknown }) {
  // A callback ref kept in state: the sentinel may appear after the list's first answer (the list
  // waits for the outbox too), and the observer must follow it then.
  const [el, sentinel] = useState<HTMLDivElement | null>(null);
  const latest = useRef(options);
  latest.current = options;

  useEffect(() => {
    if (!el || !options.hasNextPage || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      (entries) => {
        const { hasNextPage, isFetchingNextPage, fetchNextPage } = latest.current;
        if (entries.some((e) => e.isIntersecting) && hasNextPage && !isFetchingNextPage) void fetchNextPage();
      },
      // Start before the end is on screen, so scrolling rarely waits.
      { rootMargin: "0px 0px 600px 0px" },
    );
    observer.observe(el);
    return () => observer.disconnect();
    // Re-observing after each page: a sentinel still in view after a short page fires again.
  }, [el, options.hasNextPage, options.isFetchingNextPage]);

  return sentinel;
}
