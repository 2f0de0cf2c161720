// Paging progress of a long load, published for the renderer's progress bar.
import type { PagingOptions } from '../api/paging'
import type { EventBus } from '../event-bus'

export function reportProgress(bus: EventBus, resource: string): PagingOptions {
  return { onProgress: (done, total) => bus.publish('load:progress', { resource, done, total }) }
}
