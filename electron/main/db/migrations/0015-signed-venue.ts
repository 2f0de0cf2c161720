// Schema 15: the venue's record is signed entry by entry (its schema 2): the venue this desk is part of (its root
// key) is kept beside the desk's id, and a copy of the unsigned record before it is dropped (no desk reads it now:
// joined desks pair again).
export const migration = `DELETE FROM venue_doc_updates;
   ALTER TABLE venue_desk ADD COLUMN venue_root TEXT;`
