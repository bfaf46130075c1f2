import { Moon, Sun } from 'lucide-react';
import { useState } from 'react';

const COOKIE = 'theme_preference';
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

export type Theme = 'light' | 'dark';

export function currentTheme(): Theme {
  return document.documentElement.classList.contains('dark') ? 'dark' : 'light';
}

/** Applies the theme kept in the `theme_preference` cookie (1 year, cookie policy). */
export function applyStoredTheme() {
  const match = document.cookie.match(/(?:^|; )theme_preference=(dark|light)/);
  document.documentElement.classList.toggle('dark', match?.[1] === 'dark');
}

export function ThemeToggle() {
  const [theme, setTheme] = useState<Theme>(currentTheme);
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
      className="rounded-md p-2 text-muted hover:bg-subtle hover:text-fg"
    >
      {theme === 'dark' ? <Sun size={18} aria-hidden /> : <Moon size={18} aria-hidden />}
    </button>
  );
}
