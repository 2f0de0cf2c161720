// The names of every IPC channel (renderer → main) and event (main → renderer); plain data so the preload stays tiny.
export const CHANNELS = [
  'app:info',
  'app:open-link',
  'profiles:list',
  'profiles:save',
  'profiles:test',
  'profiles:delete',
  'profiles:activate',
  'profiles:reset-demo',
  'auth:sign-in',
  'auth:sign-out',
  'auth:cancel-sign-in',
  'auth:status',
  'tournaments:list',
  'tournaments:get',
  'tournaments:create',
  'disciplines:list',
  'disciplines:get',
  'stages:list',
  'stages:create',
  'stages:update',
  'stages:delete',
  'participants:list',
  'participants:get',
  'participants:create',
  'participants:delete',
  'streams:list',
  'bracket:nodes',
  'cache:refresh',
  'match-streams:get',
  'match-streams:of-tournament',
  'checkin:set',
  'checkin:scan',
  'checkin:decide',
  'checkin:people',
  'participants:update',
  'streams:create',
  'streams:update',
  'streams:delete',
  'match-streams:replace',
  'sync:status',
  'sync:retry',
  'sync:discard',
  'broadcast:status',
  'broadcast:feed',
  'broadcast:take',
  'broadcast:next',
  'broadcast:order',
  'broadcast:hold',
  'broadcast:apply',
  'hub:status',
  'hub:configure',
  'hub:pair',
  'hub:revoke',
  'hub:rotate-control-token',
  'obs:state',
  'obs:configure',
  'obs:test',
  'obs:scene',
  'obs:forget',
] as const
export type Channel = (typeof CHANNELS)[number]

export const EVENTS = [
  'app:notice',
  'auth:session-ended',
  'auth:browser-sign-in',
  'load:progress',
  'sync:status',
  'cache:updated',
  'broadcast:changed',
  'hub:changed',
  'obs:changed',
] as const
export type EventName = (typeof EVENTS)[number]

export function isChannel(name: unknown): name is Channel {
  return typeof name === 'string' && (CHANNELS as readonly string[]).includes(name)
}

export function isEventName(name: unknown): name is EventName {
  return typeof name === 'string' && (EVENTS as readonly string[]).includes(name)
}
