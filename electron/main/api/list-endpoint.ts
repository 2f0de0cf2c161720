// A Range list endpoint as the resources expose it: everything at once, or page by page, with progress.
import { z } from 'zod'
import type { RangeUnit } from '../../../shared/api'
import type { OrganizerClient, RequestSpec } from './client'
import { listAll, listWhole, pages, type FetchRange, type PagingOptions } from './paging'

export interface ListEndpoint<T> {
  all(options?: PagingOptions): Promise<T[]>
  pages(options?: PagingOptions): AsyncGenerator<T[]>
  /** Everything, proven whole although others change the list meanwhile (a few more requests than `all`). */
  whole(): Promise<T[]>
  /** One range of the list (at most the unit's maximum wide) and the list's total; past the end: none. */
  range(first: number, last: number): Promise<{ items: T[]; total: number }>
}

export function listEndpoint<T extends z.ZodType>(
  client: OrganizerClient,
  unit: RangeUnit,
  spec: Omit<RequestSpec<z.ZodArray<T>>, 'method' | 'range' | 'accept'>,
): ListEndpoint<z.output<T>> {
  const fetchRange: FetchRange<z.output<T>> = (first, last) =>
    client.request({ ...spec, method: 'GET', range: { unit, first, last }, accept: [416] })
  return {
    all: (options) => listAll(fetchRange, unit, options),
    pages: (options) => pages(fetchRange, unit, options),
    whole: () => listWhole(fetchRange, unit, (item) => (item as { id: string }).id),
    range: async (first, last) => {
      const answer = await fetchRange(first, last)
      if (answer.status === 416 || !answer.data) return { items: [], total: answer.contentRange?.total ?? 0 }
      return { items: answer.data, total: answer.contentRange?.total ?? answer.data.length }
    },
  }
}

/** The answer of a DELETE: nothing. */
export const NoContent = z.unknown()
