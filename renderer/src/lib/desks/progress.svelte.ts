// Progress of long loads (paging in main), for the progress bar.
import { subscribe } from '../ipc/ipc'

class Progress {
  resource = $state<string | null>(null)
  done = $state(0)
  total = $state(0)

  start(): () => void {
    return subscribe('load:progress', ({ resource, done, total }) => {
      this.resource = done >= total ? null : resource
      this.done = done
      this.total = total
    })
  }
}

export const progress = new Progress()
