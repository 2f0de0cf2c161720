// The connection's configuration in Companion: the hub's address, the control token, and on another PC the key of
// this PC paired as a control device. Checked before connecting, each fault named by its field.
import type { SomeCompanionConfigField } from '@companion-module/base'
import type { HubAddress } from './hub-api.js'

/** What Companion keeps in the connection's config (shown in its web interface and exports). */
export interface ModuleConfig {
  hub: string
}

/** What Companion keeps in the connection's secrets store, never shown back. */
export interface ModuleSecrets {
  token: string
  deviceKey: string
}

/** The limits the hub itself sets: tokens and keys are base64url, well under these lengths. */
const TOKEN_MAX = 256
const ADDRESS_MAX = 512

export function configFields(): SomeCompanionConfigField[] {
  return [
    {
      type: 'static-text',
      id: 'about',
      label: 'Matchdesk',
      value:
        'In Matchdesk, Venue shows the hub’s address (on another PC, its venue network address) and the control ' +
        'token. On another PC, pair it as a control device (Venue → Add a device, kind control) and paste its key.',
      width: 12,
    },
    {
      type: 'textinput',
      id: 'hub',
      label: 'Hub address',
      default: 'http://127.0.0.1:7310',
      width: 8,
      required: true,
    },
    { type: 'secret-text', id: 'token', label: 'Control token', default: '', width: 12, required: true },
    { type: 'secret-text', id: 'deviceKey', label: 'Device key (another PC only)', default: '', width: 12 },
  ]
}

/** The address to connect to, or the first fault in words naming its field. */
export function checkConfig(
  config: Partial<ModuleConfig & ModuleSecrets>,
): { ok: true; address: HubAddress } | { ok: false; problem: string } {
  const hub = (config.hub ?? '').trim()
  // The desk's Copy says to paste the token after "Bearer " (as Generic HTTP needs it): taken either way.
  const token = (config.token ?? '').trim().replace(/^Bearer\s+/i, '')
  const deviceKey = (config.deviceKey ?? '').trim()
  let url: URL
  try {
    url = new URL(hub)
  } catch {
    return { ok: false, problem: 'Hub address: a web address like http://127.0.0.1:7310' }
  }
  if (hub.length > ADDRESS_MAX) return { ok: false, problem: `Hub address: at most ${ADDRESS_MAX} characters` }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return { ok: false, problem: 'Hub address: starts with http:// (the hub speaks plain HTTP on the venue network)' }
  if (!token) return { ok: false, problem: 'Control token: paste it from Matchdesk (Venue → Control token)' }
  if (token.length > TOKEN_MAX || deviceKey.length > TOKEN_MAX)
    return { ok: false, problem: `Control token and device key: at most ${TOKEN_MAX} characters each` }
  return { ok: true, address: { url: url.origin, token, deviceKey } }
}
