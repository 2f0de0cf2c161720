// A desk action as a stream column runs it: once it succeeded, say what it did (for screen readers) and put focus
// where the producer goes on (an element, or a part such as the on-air panel); a refused action keeps focus where it
// was.
export type Focusable = { focus(): void }

export type DeskAct = (
  action: Promise<boolean>,
  words: () => string,
  focus: () => Focusable | null | undefined,
) => Promise<void>
