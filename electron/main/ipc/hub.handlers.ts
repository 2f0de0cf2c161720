// Handlers of hub:*: the venue network setting, the control token, pairing devices and revoking them.
import type { HubStatus } from '../../../shared/ipc/hub'
import { AppError } from '../app-error'
import type { Hub } from '../hub/hub-server'
import type { DeviceRegistry } from '../devices/device-registry'
import { qrSvg } from '../devices/pairing-qr'
import type { HandlersOf } from './dispatch'
import { PAIRING_CONCERN } from '../../../shared/venue/roles'
import { DeviceKind } from '../../../shared/venue/door'
import type { RoleGuard } from '../venue/venue-role-guard'

export interface HubPorts {
  /** Undefined when no hub runs in this process (most tests). */
  hub: Hub | undefined
  registry: DeviceRegistry
  /** The connection the desk is on: a door paired now checks in there, whatever the desk shows later. */
  activeProfileId: () => string
  /** This desk's role in a shared venue: pairing a kind of device takes the role that may (a door: door lead). */
  roles?: RoleGuard
  /** This desk's fingerprint, shown beside a desk's pairing code. */
  fingerprint?: string
}

export function hubHandlers({ hub, registry, activeProfileId, roles, fingerprint }: HubPorts): HandlersOf<'hub'> {
  const status = (): HubStatus => {
    const lan = hub?.lan()
    return {
      url: hub?.url ?? '',
      layoutsUrl: hub?.layoutsUrl ?? '',
      lan: registry.lan,
      lanUrls: lan?.urls ?? [],
      lanInterfaces: lan?.interfaces ?? [],
      lanProblems: lan?.problems ?? [],
      controlToken: registry.controlToken,
      // A device whose pairing desk's role may not use it any more is refused at every desk: said beside it.
      devices: registry.devices().map((device) => {
        const refused = roles?.refusal(PAIRING_CONCERN[device.kind], undefined, device.pairedBy)
        return refused ? { ...device, refused } : device
      }),
      pairingRefused: Object.fromEntries(
        DeviceKind.options.flatMap((kind) => {
          const refused = roles?.refusal(PAIRING_CONCERN[kind])
          return refused ? [[kind, refused]] : []
        }),
      ),
    }
  }
  const running = (): Hub => {
    if (!hub) throw new AppError('conflict', 'No broadcast hub runs in this process.')
    return hub
  }
  return {
    'hub:status': () => status(),
    'hub:configure': async ({ lan, interfaces }) => {
      await running().setLan(lan, interfaces)
      return status()
    },
    'hub:pair': async ({ name, kind, tournamentId, streamId }) => {
      // Every desk of the venue reads a device's record only from a desk whose role may pair it: refused here first.
      roles?.check(PAIRING_CONCERN[kind])
      const { code, expiresAt } = registry.pair(name, kind, tournamentId ?? null, activeProfileId(), streamId ?? null)
      // The code rides in the fragment: a browser never sends it over the network, not even to the hub.
      const url = `${running().deviceUrl()}/pair#code=${code}`
      return { code, url, expiresAt, qrSvg: await qrSvg(url), ...(kind === 'desk' && fingerprint && { fingerprint }) }
    },
    'hub:players-page': async ({ tournamentId }) => {
      const origin = running().playersDeviceUrl()
      if (!origin) throw new AppError('not_found', 'The players’ page is not served on this desk.')
      const url = `${origin}/play?tournament=${encodeURIComponent(tournamentId)}`
      return { url, qrSvg: await qrSvg(url) }
    },
    'hub:revoke': ({ deviceId }) => {
      registry.revoke(deviceId)
      return status()
    },
    'hub:rotate-control-token': async () => {
      await registry.rotateControlToken()
      return status()
    },
  }
}
