import { Moon, Sun } from 'lucide-react';
import { useEffect, useState } from 'react';
import { chosenTheme, THEME_COOKIE, type Theme } from '../../contract/site';

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;
const SYSTEM_DARK = '(prefers-color-scheme: dark)';

/** The theme the page shows: the one chosen (a class on <html>), else the system's. */
function currentTheme(): Theme {
  const { classList } = document.documentElement;
  if (classList.contains('dark')) return 'dark';
  if (classList.contains('light')) return 'light';
  return window.matchMedia?.(SYSTEM_DARK).matches ? 'dark' : 'light';
}

/**
 * Applies the theme kept in the `theme_preference` cookie (1 year, cookie policy). Without one,
 * <html> gets no class and the stylesheet follows the system (prefers-color-scheme).
 */
export function applyStoredTheme() {
  if (typeof document === 'undefined') return; // server rendering: the server sets the class
  // The server already wrote the cookie's theme onto <html>; reading document.cookie is a
  // synchronous round trip to the browser process, a few ms of a page's start-up.
  const { classList } = document.documentElement;
  if (classList.contains('light') || classList.contains('dark')) return;
  const chosen = chosenTheme(document.cookie.match(/(?:^|; )theme_preference=(dark|light)/)?.[1]);
  if (chosen) classList.add(chosen);
}

export function ThemeToggle() {
  // Light while hydrating (what the server, which cannot see the system setting, wrote);
  // the page's real theme once mounted. The icon follows the stylesheet, so it is right at once.
  const [theme, setTheme] = useState<Theme>('light');
  useEffect(() => {
    setTheme(currentTheme());
    const system = window.matchMedia?.(SYSTEM_DARK);
    const follow = () => setTheme(currentTheme());
    system?.addEventListener('change', follow);
    return () => system?.removeEventListener('change', follow);
  }, []);
  const next: Theme = theme === 'dark' ? 'light' : 'dark';
  return (
    <button
      type="button"
      onClick={() => {
        const { classList } = document.documentElement;
        classList.toggle('dark', next === 'dark');
        classList.toggle('light', next === 'light');
        // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Firefox and Safari
        document.cookie = `${THEME_COOKIE}=${next}; Max-Age=${ONE_YEAR_SECONDS}; Path=/; SameSite=Lax`;
        setTheme(next);
      }}
      aria-label={`Switch to ${next} theme`}
      className="inline-flex size-11 items-center justify-center rounded-md text-muted hover:bg-subtle hover:text-fg"
    >
      <Moon size={18} aria-hidden className="dark:hidden" />
      <Sun size={18} aria-hidden className="hidden dark:block" />
    </button>
  );
}
