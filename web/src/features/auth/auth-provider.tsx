import { createContext, useContext, useSyncExternalStore, type ReactNode } from "react";
import type { AuthState, AuthStore } from "./auth-store";

const AuthContext = createContext<AuthState | null>(null);

export function AuthProvider({ store, children }: { store: AuthStore; children: ReactNode }) {
  const state = useSyncExternalStore(store.subscribe, store.getState, store.getState);
  return <AuthContext.Provider value={state}>{children}</AuthContext.Provider>;
}

/** The session, user and loading flag (SPEC §4). */
export function useAuth(): AuthState {
  const value = useContext(AuthContext);
  if (!value) throw new Error("useAuth must be used within an AuthProvider");
  return value;
}
