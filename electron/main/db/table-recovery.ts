// What becomes of a table when a damaged database is replaced by a fresh one: its owner declares it beside its SQL.
// 'kept': carried over from the damaged copy (what the service cannot give back: waiting writes, receipts, the desk,
// where people were checked in); 'read again': left empty and read again from the service.

export type TableRecovery = Readonly<Record<string, 'kept' | 'read again'>>
