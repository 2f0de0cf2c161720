// The names of every IPC channel (renderer → main) and event (main → renderer); plain data so the preload stays tiny.
export const CHANNELS = ['app:info'] as const
export type Channel = (typeof CHANNELS)[number]

export const EVENTS = ['app:notice'] as const
export type EventName = (typeof EVENTS)[number]

export function isChannel(name: unknown): name is Channel {
  return typeof name === 'string' && (CHANNELS as readonly string[]).includes(name)
}

export function isEventName(name: unknown): name is EventName {
  return typeof name === 'string' && (EVENTS as readonly string[]).includes(name)
}
