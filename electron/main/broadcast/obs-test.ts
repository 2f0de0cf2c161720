// "Test" on a stream's OBS form: connects with the settings as the form has them and answers OBS's version, or the
// field to fix in words. The stored password is used only for the host and port it was saved for (a password typed in
// the form goes anywhere the form says).
import type { ObsSettings, ObsTestReport } from '../../../shared/broadcast/obs'
import { connectObs, describeObsFailure } from '../obs/obs-link'
import { obsPasswordFor, type unsealObsPassword } from '../obs/obs-password'

export async function testObs(
  kept: ReturnType<typeof unsealObsPassword>,
  settings: ObsSettings,
  password?: string,
): Promise<ObsTestReport> {
  const stored = obsPasswordFor(kept, settings)
  const address = { host: settings.host, port: settings.port, password: password ?? stored }
  try {
    const { socket, version } = await connectObs(address)
    // let go: the test connected, which is its answer; closing it again cannot change that
    await socket.disconnect().catch(() => undefined)
    return {
      ok: true,
      version,
      message: `Connected to OBS ${version} at ${settings.host}:${settings.port}.`,
      fields: {},
    }
  } catch (error) {
    const { field, message } = describeObsFailure(error, address)
    const again =
      !password && kept && stored === undefined ? ` (type the password: the stored one is for ${kept.for})` : ''
    return { ok: false, version: null, message: message + again, fields: { [field]: message + again } }
  }
}
