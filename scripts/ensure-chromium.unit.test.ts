import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

// The browser-test prerequisite check: it passes with a Chromium it can run, and stops with one
// readable line (never a browser download) when the one it was pointed at is missing.

const check = (chromiumPath: string) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'scripts/ensure-chromium.ts'], {
    env: { ...process.env, CHROMIUM_PATH: chromiumPath },
    encoding: 'utf8',
  });

describe('scripts/ensure-chromium.ts', () => {
  it('passes silently when the Chromium binary is there', () => {
    const result = check(process.execPath);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout + result.stderr).toBe('');
  });

  it('stops at once with one line naming the setting when the binary is missing', () => {
    const result = check('/nonexistent/chromium');
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split('\n')).toEqual([
      "CHROMIUM_PATH=/nonexistent/chromium is not an executable Chromium; fix it or unset it to use Debian's chromium.",
    ]);
  });
});
