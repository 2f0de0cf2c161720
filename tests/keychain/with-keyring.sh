#!/usr/bin/env sh
# Runs the keychain tests against a real Secret Service: a private D-Bus session with an unlocked gnome-keyring.
set -eu
cd "$(dirname "$0")/../.."
if ! command -v dbus-run-session >/dev/null || ! command -v gnome-keyring-daemon >/dev/null; then
  echo "The keychain tests need dbus and gnome-keyring (Debian: apt-get install dbus gnome-keyring)." >&2
  exit 1
fi
exec dbus-run-session -- sh -c 'echo -n matchdesk-test | gnome-keyring-daemon --unlock --components=secrets >/dev/null && npx vitest run --config tests/keychain/vitest.config.ts'
