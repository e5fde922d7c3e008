import { createContext, useContext, type AnchorHTMLAttributes, type MouseEvent } from "react";

/**
 * How the visitor pages (landing, sign-in, sign-up) move on, wherever they run: inside the app, the
 * router's navigation (routes/__root.tsx provides it); as the visitor island (visitor.tsx), which
 * loads without the router, between those pages in place and to any other page by loading it.
 * Without a provider: loading the page.
 */
export interface PageNavigation {
  go(to: string): void;
}

const NavigationContext = createContext<PageNavigation>({ go: (to) => window.location.assign(to) });

export const PageNavigationProvider = NavigationContext.Provider;

export function usePageNavigation(): PageNavigation {
  return useContext(NavigationContext);
}

/** A link that a plain click follows through the page's navigation; a new tab, a download or a modified click as the browser would. */
export function PageLink({ to, onClick, ...props }: { to: string } & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href">) {
  const navigation = usePageNavigation();
  function follow(event: MouseEvent<HTMLAnchorElement>) {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigation.go(to);
  }
  return <a {...props} href={to} onClick={follow} />;
}
