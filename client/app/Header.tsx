import { Link } from 'wouter';
import { Button } from '../components/ui/button';
import { logOutAndGoHome, useCurrentUser } from '../lib/auth';
import { useSiteConfig } from '../lib/site-config';
import { ThemeToggle } from './theme';

export function Logo() {
  const { appName } = useSiteConfig();
  return (
    <Link href="/" className="flex items-center gap-2 text-lg font-bold">
      <img src="/favicon.svg" alt="" width={28} height={28} />
      <span className="hidden min-[400px]:inline">{appName}</span>
      <span className="sr-only min-[400px]:hidden">{appName}</span>
    </Link>
  );
}

const NAV_LINK = 'rounded-md px-3 py-2 text-sm font-medium text-muted hover:bg-subtle hover:text-fg';

export function Header() {
  const { user, isLoading } = useCurrentUser();
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
              <Link href="/dashboard" className={`${NAV_LINK} hidden sm:inline-block`}>
                Dashboard
              </Link>
              <Link href="/documentation" className={`${NAV_LINK} hidden sm:inline-block`}>
                Docs
              </Link>
              <Link href="/account" className={`${NAV_LINK} hidden sm:inline-block`}>
                Account
              </Link>
              <span
                className="hidden max-w-48 truncate text-sm text-muted md:inline"
                data-testid="header-user"
              >
                {user.email || 'User'}
              </span>
              <Button variant="secondary" size="sm" onClick={() => void logOutAndGoHome()}>
                Logout
              </Button>
            </>
          ) : (
            <>
              <Link href="/documentation" className={`${NAV_LINK} hidden sm:inline-block`}>
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
              <Link href="/dashboard" className={NAV_LINK}>
                Dashboard
              </Link>
              <Link href="/documentation" className={NAV_LINK}>
                Docs
              </Link>
              <Link href="/account" className={NAV_LINK}>
                Account
              </Link>
            </>
          ) : (
            <Link href="/documentation" className={NAV_LINK}>
              Documentation
            </Link>
          )}
        </nav>
      )}
    </header>
  );
}
