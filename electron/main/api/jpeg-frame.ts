// A JPEG's frame size read as a decoder reads the file: segment after segment by their lengths from the start (fill
// bytes skipped), every kind of frame header (SOF0–SOF15 but the tables), the scans' coded data stepped over to the
// next marker — and refused where a decoder would have to guess: a byte between segments (a reader that resyncs there
// can land on a frame header hidden in a comment and read 1 × 1 where Chromium draws 8192 × 8192), a second frame, a
// height left to a later marker (DNL), a segment that runs past the file.

/** The frame's size, or why it cannot be trusted. */
export type JpegFrame = { width: number; height: number } | { refused: string }

/** Frame headers: SOF0–3, 5–7, 9–11, 13–15 (C4, C8 and CC are tables and a reserved code). */
const isFrame = (marker: number) => marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)
/** Markers with no length: the restart markers and TEM. */
const standsAlone = (marker: number) => (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01

export function jpegFrame(bytes: Uint8Array): JpegFrame {
  const u16 = (at: number) => (bytes[at]! << 8) | bytes[at + 1]!
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return { refused: 'it is not a JPEG' }
  let frame: { width: number; height: number } | undefined
  let at = 2
  while (at < bytes.length) {
    if (bytes[at] !== 0xff) return { refused: 'it has bytes between its segments (a damaged file?)' }
    while (bytes[at] === 0xff) at++
    if (at >= bytes.length) break
    const marker = bytes[at++]!
    if (marker === 0x00) return { refused: 'it has bytes between its segments (a damaged file?)' }
    if (marker === 0xd9) break
    if (standsAlone(marker)) continue
    if (at + 2 > bytes.length) break
    const length = u16(at)
    if (length < 2 || at + length > bytes.length) return { refused: 'a segment runs past its end (a damaged file?)' }
    if (isFrame(marker)) {
      if (frame) return { refused: 'it holds a second frame' }
      if (length < 7) return { refused: 'its frame header is cut short' }
      frame = { height: u16(at + 3), width: u16(at + 5) }
      if (frame.height === 0) return { refused: 'its height is left to a later marker' }
    }
    at += length
    if (marker === 0xda) {
      // The scan's coded data: stuffed bytes (FF 00) and restart markers belong to it; the next marker ends it.
      while (at < bytes.length) {
        if (bytes[at] === 0xff) {
          const next = bytes[at + 1]
          if (next === undefined) break
          if (next !== 0x00 && next !== 0xff && !standsAlone(next)) break
        }
        at++
      }
    }
  }
  return frame ?? { refused: 'its size cannot be read (a damaged file?)' }
}
