import { Moon, Sun } from 'lucide-react';
import { createContext, useContext, useState } from 'react';

const COOKIE = 'theme_preference';
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

export type Theme = 'light' | 'dark';

/** The theme the server rendered with (from the cookie); the browser reads it off <html>. */
export const ServerThemeContext = createContext<Theme | null>(null);

export function currentTheme(): Theme {
  return document.documentElement.classList.contains('dark') ? 'dark' : 'light';
}

/** Applies the theme kept in the `theme_preference` cookie (1 year, cookie policy). */
export function applyStoredTheme() {
  if (typeof document === 'undefined') return; // server rendering: the server sets the class
  // The server already wrote the cookie's theme onto <html>; reading document.cookie is a
  // synchronous round trip to the browser process, a few ms of a page's start-up.
  const { classList } = document.documentElement;
  if (classList.contains('light') || classList.contains('dark')) return;
  const match = document.cookie.match(/(?:^|; )theme_preference=(dark|light)/);
  document.documentElement.classList.toggle('dark', match?.[1] === 'dark');
}

export function ThemeToggle() {
  const serverTheme = useContext(ServerThemeContext);
  const [theme, setTheme] = useState<Theme>(() => serverTheme ?? currentTheme());
  const next: Theme = theme === 'dark' ? 'light' : 'dark';
  return (
    <button
      type="button"
      onClick={() => {
        document.documentElement.classList.toggle('dark', next === 'dark');
        // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Firefox and Safari
        document.cookie = `${COOKIE}=${next}; Max-Age=${ONE_YEAR_SECONDS}; Path=/; SameSite=Lax`;
        setTheme(next);
      }}
      aria-label={`Switch to ${next} theme`}
      className="inline-flex size-11 items-center justify-center rounded-md text-muted hover:bg-subtle hover:text-fg"
    >
      {theme === 'dark' ? <Sun size={18} aria-hidden /> : <Moon size={18} aria-hidden />}
    </button>
  );
}
