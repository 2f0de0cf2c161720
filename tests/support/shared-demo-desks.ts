// Three desks on one shared Demo venue, each in its own network namespace on one bridge, the sandbox on the bridge's
// address beside them (`npm run sandbox -- --host`), each desk running `tests/security/shared-demo-scenario.ts`: what
// `shared-demo-venue.test.ts` checks and `bench/shared-demo-venue.ts` measures. The desks leave what they saw as JSON
// files in the folder.
import { spawnSync, type SpawnSyncReturns } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { desksOnABridge } from './desk-namespaces'

/** The figures and findings one run leaves, read by name ("seen-1.json"); undefined when a desk did not write it. */
export type ReadFinding = <T>(name: string) => T | undefined

/** Runs the three desks once in `folder` on network 10.`net`.0.0/24; answers how it ended and what the desks wrote. */
export function runSharedDemo(folder: string, net: number): { done: SpawnSyncReturns<string>; read: ReadFinding } {
  // The sandbox on the bridge's address; it prints its addresses and credentials as JSON, copied whole for the desks.
  // It goes with the script however the script ends (killed: a closing server may wait on connections of desks gone),
  // and the copying loop gives up after 30 s and holds none of spawnSync's pipes (it would wait for them).
  const sandbox =
    `node --import tsx sandbox/cli.ts --host 10.${net}.0.254 --port 7400 --control --json` +
    ` > ${folder}/sandbox.out 2> ${folder}/sandbox.err < /dev/null & sandbox=$!;` +
    ` trap 'kill -9 $sandbox 2>/dev/null' EXIT;` +
    ` (i=0; while [ ! -s ${folder}/sandbox.out ] && [ $i -lt 600 ]; do sleep 0.05; i=$((i+1)); done;` +
    ` cp ${folder}/sandbox.out ${folder}/sandbox.part; mv ${folder}/sandbox.part ${folder}/sandbox.json)` +
    ` > /dev/null 2>&1 &`
  const script = desksOnABridge(
    net,
    [1, 2, 3].map((n) => `node --import tsx tests/security/shared-demo-scenario.ts ${n} ${folder}`),
    [sandbox],
  )
  const done = spawnSync('unshare', ['-rn', 'sh', '-c', script], {
    encoding: 'utf8',
    timeout: 150_000,
  })
  const read: ReadFinding = <T>(name: string) =>
    existsSync(join(folder, name)) ? (JSON.parse(readFileSync(join(folder, name), 'utf8')) as T) : undefined
  return { done, read }
}
