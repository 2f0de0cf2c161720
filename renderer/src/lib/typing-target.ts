// Whether a key went to a field the person types in (an input, a text area, a list, editable text): the desk's own
// keys (N, H, D, the live score's, "/" for search) leave it to the field.
export function typingIn(target: EventTarget | null): boolean {
  return (
    target instanceof Element &&
    (target.closest('input, textarea, select, [contenteditable]:not([contenteditable="false"])') !== null ||
      (target instanceof HTMLElement && target.isContentEditable))
  )
}
