// The hub opened to the venue network, seen from another address: a network namespace made inside the test run
// (unshare; a veth pair 10.77.0.1 ⇄ 10.77.0.2), never another machine. Skips, saying why, where namespaces cannot be
// made.
import { spawnSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'

// The venue network on v0 (the default route leaves through it), a container bridge docker0 beside it that the hub
// must not open on unless chosen, and devices at 10.77.0.2 to 10.77.0.11.
const NAMESPACE_SETUP = [
  'ip link set lo up',
  'ip link add v0 type veth peer name v1',
  'ip addr add 10.77.0.1/24 dev v0',
  ...Array.from({ length: 10 }, (_, i) => `ip addr add 10.77.0.${i + 2}/24 dev v1`),
  'ip link set v0 up',
  'ip link set v1 up',
  'ip link add docker0 type veth peer name d1',
  'ip addr add 172.17.0.1/16 dev docker0',
  'ip link set docker0 up',
  'ip link set d1 up',
  'ip route add default via 10.77.0.2 dev v0',
].join(' && ')

const probe = spawnSync('unshare', ['-rn', 'sh', '-c', NAMESPACE_SETUP], { encoding: 'utf8' })
const why = probe.error ? String(probe.error) : probe.status !== 0 ? probe.stderr.trim() : ''

/** Runs a scenario in its own namespace: what it saw (its last line, JSON), after checking it printed no error. */
function scenario(name: string): unknown {
  const run = spawnSync(
    'unshare',
    ['-rn', 'sh', '-c', `${NAMESPACE_SETUP} && exec node --import tsx tests/security/${name}.ts`],
    { encoding: 'utf8', timeout: 90_000 },
  )
  expect(run.stderr.split('\n').filter((line) => /Error/.test(line))).toEqual([])
  return JSON.parse(run.stdout.trim().split('\n').at(-1) ?? '{}')
}

describe.skipIf(why !== '')(`the hub on the venue network${why ? ` (skipped: ${why})` : ''}`, () => {
  it('answers devices beyond this machine only with their own key, on its announced address, and stops when closed', () => {
    const seen = scenario('venue-lan-scenario') as Record<string, unknown>
    expect(seen).toMatchObject({
      // Off by default: nothing listens on the network.
      lanBeforeOn: 'ECONNREFUSED',
      // Only the default route's interface unless the admin chooses: not docker0, not the devices' own v1.
      lanUrls: [{ url: expect.stringMatching(/^http:\/\/10\.77\.0\.1:\d+$/), interface: 'v0' }],
      suggested: ['v0'],
      dockerBeforeChosen: 'ECONNREFUSED',
      dockerWhenChosen: 401,
      dockerAfterSuggested: 'ECONNREFUSED',
      pairingUrl: expect.stringMatching(/^http:\/\/10\.77\.0\.[12]:\d+\/pair#code=/),
      // Every request from another address needs a device key, feeds and overlays included.
      feedWithoutKey: 401,
      overlayWithoutKey: 401,
      feedWithWrongKey: 401,
      // Only the pairing page is open, so that a device can pair.
      pairPage: 200,
      feedWithKey: 200,
      overlayWithKey: 200,
      feedWithKeyInCookie: 401,
      feedWithKeyHeader: 200,
      assetWithoutKey: 404,
      // No device key is ever put in a cookie: cookies are sent to every port of this address.
      cookiesSet: [],
      // Host must be an address the hub announced (no DNS rebinding).
      foreignHost: 403,
      rebindHost: 403,
      // A refusal names none of this machine's addresses.
      refusalNamesAddress: false,
      // Control wants the control token and, from the network, a control device's key.
      controlTokenOnlyFromLan: 401,
      controlKeyWithoutToken: 401,
      controlKeyAndToken: 200,
      overlayKeyAndToken: 401,
      loopbackWithoutKey: 200,
      ...Object.fromEntries(
        ['Loopback', 'Lan'].flatMap((where) => [
          [`layout${where}_dataFolder`, 404],
          [`layout${where}_root`, 404],
          [`layout${where}_betweenLayouts`, 404],
          [`layout${where}_own`, 200],
          [`layout${where}_starter`, 200],
        ]),
      ),
      layoutOriginFeed: 200,
      'layoutOrigin /pair': 401,
      'layoutOrigin /door': 401,
      'layoutOrigin /board': 401,
      'layoutOrigin /door/v1/session': 401,
      'layoutOrigin /overlays/scoreboard': 401,
      'layoutOrigin control': 401,
      hubServesLayouts: 401,
      lanAfterOff: 'ECONNREFUSED',
      loopbackAfterOff: 200,
    })
    expect(seen['error']).toBeUndefined()
  }, 120_000)

  it('lets the Companion module on another PC in with a control device’s key, and says when that device is revoked', () => {
    const seen = scenario('companion-lan-scenario') as Record<string, unknown>
    expect(seen).toMatchObject({
      lanUrl: expect.stringMatching(/^http:\/\/10\.77\.0\.1:\d+$/),
      admitted: { status: 'ok' },
      refused: { status: 'authentication_failure', message: expect.stringMatching(/pair it as a control device/) },
      revoked: { status: 'authentication_failure', message: expect.stringMatching(/was revoked in Matchdesk/) },
    })
  }, 120_000)

  it('cannot be starved from the network: capped connections, idle ones closed in seconds, streams capped per device', () => {
    const seen = scenario('venue-lan-flood-scenario') as Record<string, number> & {
      attacker: Record<string, number | string>
    }
    console.info('LAN flood:', JSON.stringify(seen))
    expect(seen['error']).toBeUndefined()
    const { attacker } = seen
    expect(attacker['idleAttempted']).toBe(3_000)
    // Beyond the caps (64 per address, 768 in all) connections are closed at once, the rest within the header
    // timeout; a few the kernel has not handed over yet (its accept queue was full) never cost the hub a descriptor.
    // (How many reach the hub before the attacker stops depends on the machine's load: the bounds below do not.)
    expect(seen['lanOpenPeak']).toBeLessThanOrEqual(640)
    expect(seen['lanRefused']).toBeGreaterThan(0)
    expect(attacker['idleClosedByServer']).toBeGreaterThan(500)
    expect(attacker['idleLatestCloseMs']).toBeLessThan(9_000)
    // After the timeouts, the hub keeps open at most the 32 streams it allowed: no idle connection lingers.
    expect(seen['lanOpenLate']).toBeLessThanOrEqual(32)
    // One overlay key holds at most 32 live streams; the others are refused with 429 and a reason.
    expect(attacker['streamsOpened']).toBe(32)
    expect(attacker['streamsRefused429']).toBe(68)
    expect(attacker['refusalReason']).toMatch(/This device has 32 live streams open already/)
    // The file descriptors stay bounded, and this machine's own clients never starve.
    expect(seen['descriptorsPeak']! - seen['descriptorsBefore']!).toBeLessThan(1_000)
    expect(seen['loopbackRequests']).toBeGreaterThan(20)
    expect(seen['loopbackFailed']).toBe(0)
    expect(seen['bridgeFailed']).toBe(0)
    expect(seen['loopbackP99Ms']).toBeLessThan(1_000)
  }, 120_000)
})
