// ISO 639-1 codes as people read them: "French (fr)", sorted by name, for the stream language picker.
import { LANGUAGES } from '../../../shared/api'

const names = new Intl.DisplayNames(['en'], { type: 'language' })

export const LANGUAGE_OPTIONS: { code: string; label: string }[] = LANGUAGES.map((code) => ({
  code,
  label: `${names.of(code) ?? code} (${code})`,
})).sort((a, b) => a.label.localeCompare(b.label))

/** The label shown for a code ("French (fr)"), or the code itself when it is not a known one. */
export function languageLabel(code: string): string {
  return LANGUAGE_OPTIONS.find((option) => option.code === code)?.label ?? code
}

/**
 * The code a person typed or picked: "French (fr)", "fr", "french", "Français" is not known (names are English);
 * null when nothing matches, so the form shows the field's error.
 */
export function languageCode(text: string): string | null {
  const typed = text.trim().toLowerCase()
  const inParens = /\(([a-z]{2})\)$/.exec(typed)?.[1]
  const found = LANGUAGE_OPTIONS.find(
    (option) => option.code === (inParens ?? typed) || option.label.toLowerCase().startsWith(`${typed} (`),
  )
  return found?.code ?? null
}
