// ISO codes as people read them ("French (fr)", "France (FR)"), sorted by name, for pickers that take a name or a code.

export interface NamedCodes {
  options: { code: string; label: string }[]
  /** The label shown for a code, or the code itself when it is not a known one. */
  label: (code: string) => string
  /** The code a person typed or picked ("France (FR)", "fr", "france"); null when nothing matches. */
  code: (text: string) => string | null
}

export function namedCodes(codes: readonly string[], type: 'language' | 'region'): NamedCodes {
  const names = new Intl.DisplayNames(['en'], { type })
  const options = codes
    .map((code) => ({ code, label: `${names.of(code) ?? code} (${code})` }))
    .sort((a, b) => a.label.localeCompare(b.label))
  return {
    options,
    label: (code) => options.find((option) => option.code === code)?.label ?? code,
    code: (text) => {
      const typed = text.trim().toLowerCase()
      const inParens = /\(([a-z]{2})\)$/.exec(typed)?.[1]
      const found = options.find(
        (option) =>
          option.code.toLowerCase() === (inParens ?? typed) || option.label.toLowerCase().startsWith(`${typed} (`),
      )
      return found?.code ?? null
    },
  }
}
