// The one order lists of names are read in: natural ("Astrablade 2" before "Astrablade 10"), ignoring case and
// accents, in the reader's language. Every list of people, teams and labels sorts with it.
const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' })

export const naturalCompare = (a: string, b: string): number => collator.compare(a, b)

export const byNaturalName = <T extends { name: string }>(a: T, b: T): number => collator.compare(a.name, b.name)
