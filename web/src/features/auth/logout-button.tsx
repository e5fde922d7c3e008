import { LogOut } from "lucide-react";
import { Button } from "../../components/ui/button";
import { useLogout } from "./use-logout";

export function LogoutButton() {
  const { logout, busy } = useLogout();
  return (
    <Button variant="secondary" onClick={() => void logout()} disabled={busy} className="h-10">
      <LogOut className="size-4" aria-hidden />
      Logout
    </Button>
  );
}
