import { LogOut } from "lucide-react";
import { messages } from "#core/messages.ts";
import { cn } from "#web/lib/cn.ts";
import { useSignOut } from "#web/lib/session.ts";
import { toast } from "#web/lib/toast.ts";

/** 'Sair': ends the session on the server, forgets cached data, goes to /login. */
export function SignOutButton({ className, onDone }: { className?: string; onDone?: () => void }) {
  const signOut = useSignOut();
  return (
    <button
      type="button"
      className={cn(
        "flex min-h-11 w-full cursor-pointer items-center gap-3 rounded-md px-3 text-sm font-medium text-muted hover:bg-surface-2 hover:text-fg",
        className,
      )}
      disabled={signOut.isPending}
      onClick={() =>
        signOut.mutate(undefined, {
          onSuccess: () => onDone?.(),
          onError: () => toast.error(messages.logoutFailed),
        })
      }
    >
      <LogOut aria-hidden className="size-5" strokeWidth={1.75} />
      Sair
    </button>
  );
}
