// Wires the dispatcher to Electron's ipcMain: every call's sender frame must be the app's own page; answers go as
// they cross (wire.ts).
import type { IpcMain, IpcMainInvokeEvent } from 'electron'
import { CHANNELS } from '../../../shared/ipc/contract'
import type { Dispatch } from './dispatch'
import { answerForWire } from './wire'

/** True when a frame URL belongs to the app (the packaged file or the dev server origin). */
export type TrustedOrigin = (frameUrl: string) => boolean

export function registerIpc(ipcMain: Pick<IpcMain, 'handle'>, dispatch: Dispatch, isTrusted: TrustedOrigin): void {
  for (const channel of CHANNELS) {
    ipcMain.handle(channel, async (event: IpcMainInvokeEvent, input: unknown) => {
      const url = event.senderFrame?.url ?? ''
      if (!isTrusted(url)) {
        return { ok: false, error: { code: 'forbidden', message: 'IPC from an untrusted frame was refused' } }
      }
      return answerForWire(channel, await dispatch(channel, input))
    })
  }
}
