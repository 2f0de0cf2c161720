// A device paired as the pairing page pairs it: a code asked of the desk, traded at the hub for the device's key.
import type { PairingCode } from '../../shared/ipc/hub'

type Value = <T>(channel: string, input: unknown) => Promise<T>

/** Pairs a device as the pairing page does (a code from the desk, traded for a key); answers the key. */
export async function pairDevice(
  value: Value,
  hub: string,
  name: string,
  kind: 'door' | 'board' | 'overlay' | 'control' | 'scorekeeper' | 'caster',
  tournamentId?: string,
  streamId?: string,
): Promise<string> {
  const code = await value<PairingCode>('hub:pair', {
    name,
    kind,
    ...(tournamentId && { tournamentId }),
    ...(streamId && { streamId }),
  })
  const answer = await fetch(`${hub}/pair/v1/exchange`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ code: code.code }),
  })
  if (answer.status !== 200) throw new Error(`pairing ${name}: ${answer.status} ${await answer.text()}`)
  return ((await answer.json()) as { key: string }).key
}
