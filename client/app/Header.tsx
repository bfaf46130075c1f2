import { Link } from 'wouter';
import { Button } from '../components/ui/button';
import { useCurrentUser, useLogout } from '../lib/auth';
import { useSiteConfig } from '../lib/site-config';
import { ThemeToggle } from './theme';

export function Logo() {
  const { appName } = useSiteConfig();
  return (
    <Link href="/" className="flex min-h-11 min-w-11 items-center gap-2 text-lg font-bold">
      <img src="/favicon.svg" alt="" width={28} height={28} />
      <span className="hidden min-[400px]:inline">{appName}</span>
      <span className="sr-only min-[400px]:hidden">{appName}</span>
    </Link>
  );
}

// 44 px tall: a fingertip's target on a phone. Display is set where used (hidden on phones up top).
const NAV_LINK =
  'min-h-11 items-center rounded-md px-3 text-sm font-medium text-muted hover:bg-subtle hover:text-fg';

export function Header() {
  const { user, isLoading } = useCurrentUser();
  const logout = useLogout();
  return (
    <header className="border-b border-border bg-card">
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-3">
        <Logo />
        <nav aria-label="Main" className="flex items-center gap-1 sm:gap-2">
          {isLoading ? (
            <span role="status" className="text-sm text-muted">
              Loading...
            </span>
          ) : user ? (
            <>
              <Link href="/dashboard" className={`${NAV_LINK} hidden sm:inline-flex`}>
                Dashboard
              </Link>
              <Link href="/documentation" className={`${NAV_LINK} hidden sm:inline-flex`}>
                Docs
              </Link>
              <Link href="/account" className={`${NAV_LINK} hidden sm:inline-flex`}>
                Account
              </Link>
              <span
                className="hidden max-w-48 truncate text-sm text-muted md:inline"
                data-testid="header-user"
              >
                {user.email || 'User'}
              </span>
              {/* The one Logout (the dashboard no longer repeats it); a POST, never a link. */}
              <Button
                variant="secondary"
                size="sm"
                disabled={logout.isPending}
                onClick={() => logout.mutate(undefined, { onSuccess: () => window.location.assign('/') })}
              >
                Logout
              </Button>
            </>
          ) : (
            <>
              <Link href="/documentation" className={`${NAV_LINK} hidden sm:inline-flex`}>
                Documentation
              </Link>
              <Button asChild variant="secondary" size="sm">
                <Link href="/login">Login</Link>
              </Button>
              <Button asChild size="sm">
                <Link href="/register">Register</Link>
              </Button>
            </>
          )}
          <ThemeToggle />
        </nav>
      </div>
      {/* Phones: the links that do not fit the top row. */}
      {!isLoading && (
        <nav aria-label="Mobile" className="flex gap-2 border-t border-border px-4 py-2 sm:hidden">
          {user ? (
            <>
              <Link href="/dashboard" className={`${NAV_LINK} inline-flex`}>
                Dashboard
              </Link>
              <Link href="/documentation" className={`${NAV_LINK} inline-flex`}>
                Docs
              </Link>
              <Link href="/account" className={`${NAV_LINK} inline-flex`}>
                Account
              </Link>
            </>
          ) : (
            <Link href="/documentation" className={`${NAV_LINK} inline-flex`}>
              Documentation
            </Link>
          )}
        </nav>
      )}
    </header>
  );
}
