// Several desks on one venue network on this machine (never another one): a bridge in a user and network namespace
// of its own, and each desk in a network namespace of its own on it (a veth pair, 10.x.0.N, the bridge's .254 its
// default route), started once its end of the pair is there. For tests and benchmarks that need desks to meet as
// laptops on the staff network do.
import { spawnSync } from 'node:child_process'

/** Why namespaces cannot be made here ("" when they can). */
export function whyNoNamespaces(): string {
  const probe = spawnSync('unshare', ['-rn', 'ip', 'link', 'add', 'br0', 'type', 'bridge'], { encoding: 'utf8' })
  return probe.error ? String(probe.error) : probe.status !== 0 ? probe.stderr.trim() : ''
}

/**
 * The shell script `unshare -rn sh -c` runs: the bridge on `10.<net>.0.254`, desk N (from 1) running `commands[N-1]`
 * (a shell command, no single quotes) at `10.<net>.0.N`, `extra` lines run beside them, and a wait for every desk.
 */
export function desksOnABridge(net: number, commands: readonly string[], extra: readonly string[] = []): string {
  const desk = (command: string, index: number) => {
    const n = index + 1
    return [
      `unshare -n sh -c 'while ! ip link show d${n} >/dev/null 2>&1; do sleep 0.05; done;`,
      `ip link set lo up; ip addr add 10.${net}.0.${n}/24 dev d${n}; ip link set d${n} up;`,
      `ip route add default via 10.${net}.0.254;`,
      `exec ${command}' &`,
      `pid=$!; ip link add h${n} type veth peer name d${n}; ip link set h${n} master br0; ip link set h${n} up;`,
      `ip link set d${n} netns $pid; pids="$pids $pid";`,
    ].join(' ')
  }
  return [
    'set -e',
    'ip link set lo up',
    'ip link add br0 type bridge',
    `ip addr add 10.${net}.0.254/24 dev br0`,
    'ip link set br0 up',
    'pids=""',
    ...commands.map(desk),
    ...extra,
    'for pid in $pids; do wait $pid; done',
  ].join('\n')
}
