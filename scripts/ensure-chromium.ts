import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';

// Run by `npm test` and `npm run test:e2e` before the browser tests. They drive Debian's
// Chromium, never a downloaded browser build. When it is missing, this installs Debian's
// `chromium` package if it can (root with apt-get), or stops at once with one line that says how.

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function hasCommand(command: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

function run(command: string, args: string[]): boolean {
  const result = spawnSync(command, args, {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  return result.status === 0;
}

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

if (!isExecutable(chromium)) {
  if (process.env.CHROMIUM_PATH) {
    fail(
      `CHROMIUM_PATH=${chromium} is not an executable Chromium; fix it or unset it to use Debian's chromium.`,
    );
  }
  if (process.getuid?.() !== 0 || !hasCommand('apt-get')) {
    fail(
      "The browser tests need Debian's chromium package at /usr/bin/chromium: install it with `sudo apt-get install chromium` (or set CHROMIUM_PATH).",
    );
  }
  console.info("Installing Debian's chromium package for the browser tests (apt-get install chromium)…");
  const installed =
    run('apt-get', ['update', '-qq']) &&
    run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'chromium']);
  if (!installed || !isExecutable(chromium)) {
    fail(
      "Could not install Debian's chromium package: run `apt-get update && apt-get install chromium` and retry.",
    );
  }
}
