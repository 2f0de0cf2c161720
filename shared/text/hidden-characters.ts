// Characters that change how a name looks without being seen: bidirectional controls (U+202A–E, U+2066–9) that
// reorder text, and zero-width and format characters (U+200B–D, U+2060, U+FEFF) that make two names look the same.
// Search ignores them, and a name that holds them is marked for staff.

const HIDDEN = /[\u202A-\u202E\u2066-\u2069\u200B-\u200D\u2060\uFEFF]/g
const HAS_HIDDEN = /[\u202A-\u202E\u2066-\u2069\u200B-\u200D\u2060\uFEFF]/

/** The text as it is compared and searched: hidden characters taken out. */
export function withoutHidden(text: string): string {
  return text.replace(HIDDEN, '')
}

/** A zero-width joiner that binds two emoji into one (👩‍🚀): a picture, not a hidden character. */
const EMOJI_JOINER = /(\p{Extended_Pictographic}\uFE0F?)\u200D(?=\p{Extended_Pictographic})/gu

/** True when the text holds a character that reorders it or hides between its letters (emoji sequences aside). */
export function hasHidden(text: string): boolean {
  return HAS_HIDDEN.test(text.replace(EMOJI_JOINER, '$1'))
}

/** What staff are told about such a name. */
export const HIDDEN_CHARACTERS_WARNING =
  'This name contains hidden characters that can reorder it or make it look like another name.'

const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g

/**
 * A name as it is shown among other text: its bidirectional controls taken out (so none can reach past it, and the
 * letters show in their true order) and the rest set in an isolate (FSI … PDI), so a right-to-left name does not
 * reorder the words around it ("علي checked in." stays in that order).
 */
export function isolate(name: string): string {
  return `\u2068${name.replace(BIDI_CONTROLS, '')}\u2069`
}
