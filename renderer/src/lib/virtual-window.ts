// Which rows of a long list a scrolled box shows: only those (and a few beyond each edge) are drawn, with the height
// of the rest kept above and below, so 5,000 rows draw as fast as 30.

export interface RowWindow {
  /** The first row drawn and one past the last. */
  start: number
  end: number
  /** Height kept above and below the drawn rows (px). */
  before: number
  after: number
}

/** Rows drawn beyond each edge of the box, so a quick scroll or Tab does not show a gap. */
export const OVERSCAN = 8

export function rowWindow(scrollTop: number, boxHeight: number, rowHeight: number, count: number): RowWindow {
  const first = Math.floor(Math.max(0, scrollTop) / rowHeight)
  const start = Math.max(0, Math.min(count, first - OVERSCAN))
  const end = Math.min(count, first + Math.ceil(boxHeight / rowHeight) + OVERSCAN)
  return {
    start,
    end: Math.max(start, end),
    before: start * rowHeight,
    after: (count - Math.max(start, end)) * rowHeight,
  }
}
