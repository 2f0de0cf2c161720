// A stream's OBS settings for a test or a benchmark's OBS Studio: the desk's defaults (no scenes chosen, no files),
// its address, and what the test changes; and the profile that turns an OBS Studio's replay buffer on, as a producer
// does in its output settings, on a small canvas unless told.
import { DEFAULT_OBS_SETTINGS, type ObsSettings } from '../../shared/broadcast/obs'
import { DEFAULT_REPLAY, type ReplaySettings } from '../../shared/broadcast/replay'
import type { ObsProfileSettings, ObsStudio } from './obs-studio'

export function obsSettingsOf(
  obs: Pick<ObsStudio, 'host' | 'port'>,
  changes: Partial<Omit<ObsSettings, 'replay'>> & { replay?: Partial<ReplaySettings> } = {},
): ObsSettings {
  const { replay, ...rest } = changes
  return {
    ...DEFAULT_OBS_SETTINGS,
    breakAfterSeconds: 0,
    host: obs.host,
    port: obs.port,
    ...rest,
    replay: { ...DEFAULT_REPLAY, ...replay },
  }
}

/** OBS's profile with its replay buffer on (Simple output mode), its files in `folder` (else its home). */
export function replayBufferOn(folder?: string, canvas: [number, number] = [640, 360]): ObsProfileSettings {
  const [width, height] = canvas.map(String) as [string, string]
  return {
    SimpleOutput: { RecRB: 'true', RecRBTime: '20', RecFormat: 'mkv', ...(folder && { FilePath: folder }) },
    Video: { BaseCX: width, BaseCY: height, OutputCX: width, OutputCY: height, FPSCommon: '30' },
  }
}
