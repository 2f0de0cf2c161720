// A Range list endpoint as the resources expose it: everything at once, or page by page, with progress.
import { z } from 'zod'
import type { RangeUnit } from '../../../shared/api'
import type { OrganizerClient, RequestSpec } from './client'
import { listAll, pages, type FetchRange, type PagingOptions } from './paging'

export interface ListEndpoint<T> {
  all(options?: PagingOptions): Promise<T[]>
  pages(options?: PagingOptions): AsyncGenerator<T[]>
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
  }
}

/** The answer of a DELETE: nothing. */
export const NoContent = z.unknown()
