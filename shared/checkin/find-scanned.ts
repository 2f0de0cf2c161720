// Who a scanned or typed badge code names: shared by the desktop's Check-in view and the hub's door devices.

/**
 * A participant id or a custom_user_identifier, trimmed and in any case (`md-100033` finds `MD-100033`). Several when
 * identifiers repeat: the door asks which one.
 */
export function findScanned<P extends { id: string; custom_user_identifier?: string | null | undefined }>(
  participants: readonly P[],
  code: string,
): P[] {
  const wanted = code.trim().toLowerCase()
  if (!wanted) return []
  return participants.filter(
    (p) => p.id.toLowerCase() === wanted || (p.custom_user_identifier ?? '').trim().toLowerCase() === wanted,
  )
}
