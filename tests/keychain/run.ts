// Runs the keychain tests against the OS keychain: on Linux a private D-Bus session with an unlocked gnome-keyring
// (no desktop session on CI), on macOS and Windows the user's own keychain and Credential Manager.
import { spawnSync } from 'node:child_process'
import { PROJECT_ROOT } from '../support/paths'

const vitest = 'npx vitest run --config tests/keychain/vitest.config.ts'
const has = (command: string) => spawnSync('sh', ['-c', `command -v ${command}`]).status === 0

function run(command: string, args: string[], shell = false): never {
  const result = spawnSync(command, args, { cwd: PROJECT_ROOT, stdio: 'inherit', shell })
  process.exit(result.status ?? 1)
}

if (process.platform !== 'linux') run(vitest, [], true)
if (!has('dbus-run-session') || !has('gnome-keyring-daemon')) {
  console.error('The keychain tests need dbus and gnome-keyring (Debian: apt-get install dbus gnome-keyring).')
  process.exit(1)
}
run('dbus-run-session', [
  '--',
  'sh',
  '-c',
  `echo -n matchdesk-test | gnome-keyring-daemon --unlock --components=secrets >/dev/null && ${vitest}`,
])
