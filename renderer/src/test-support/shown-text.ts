// What a person reads in an element: its text without the invisible isolates (FSI, PDI) set around names.
export function shownText(element: Element | null): string {
  return (element?.textContent ?? '').replace(/[\u2068\u2069]/g, '')
}
