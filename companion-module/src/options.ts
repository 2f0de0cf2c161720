// An action's or feedback's option as text: Companion stores what the user chose (a string or a number); anything
// else (an option a newer version dropped) reads as empty.
export function optionText(options: Record<string, unknown>, id: string): string {
  const value = options[id]
  return typeof value === 'string' || typeof value === 'number' ? String(value) : ''
}
