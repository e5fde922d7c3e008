import { Link } from "@tanstack/react-router";
import { BrandMark } from "../../components/brand-mark";

/** The visitor's landing page (SPEC §1, §2) — placeholder until the landing work lands. */
export function LandingPage() {
  return (
    <div className="min-h-dvh bg-white">
      <header className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4">
        <BrandMark />
        <nav className="flex gap-2">
          <Link to="/auth/login">Log In</Link>
          <Link to="/auth/signup">Sign Up</Link>
        </nav>
      </header>
      <main className="mx-auto max-w-6xl px-4 py-16 text-center">
        <Link to="/auth/signup">Start Recording Now</Link>
      </main>
    </div>
  );
}
