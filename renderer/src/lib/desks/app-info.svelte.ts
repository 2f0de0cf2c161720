// What the status bar shows about the app: version and active connection profile.
import type { Output } from '../../../../shared/ipc/contract'
import { invoke } from '../ipc/ipc'
import { notices } from '../ipc/notices.svelte'

class AppInfoState {
  info = $state<Output<'app:info'> | null>(null)
  error = $state<string | null>(null)

  async load(): Promise<void> {
    const result = await invoke('app:info', {})
    if (result.ok) {
      this.info = result.value
      for (const notice of result.value.notices) notices.showFromMain(notice)
      this.error = null
    } else {
      this.error = result.error.message
    }
  }
}

export const appInfo = new AppInfoState()
