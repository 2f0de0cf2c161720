// How many cards of one height a list's room holds whole, with the gap between them: a page of a board shows only
// cards that fit, so nothing is cut at the bottom of a screen.

/** At least one (a list always shows something); one while the room or a card is not measured yet. */
export function rowsThatFit(room: number, card: number, gap: number): number {
  if (room <= 0 || card <= 0) return 1
  return Math.max(1, Math.floor((room + gap) / (card + gap)))
}
