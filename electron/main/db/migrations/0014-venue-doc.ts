// Schema 14: the venue's shared document as this desk keeps it (its updates, merged into one now and then), and this
// desk's own id in the venue (the author of what it changes).
export const migration = `CREATE TABLE venue_doc_updates (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     doc_update BLOB NOT NULL
   );
   -- One row (id 1).
   CREATE TABLE venue_desk (
     id INTEGER PRIMARY KEY,
     desk_id TEXT NOT NULL
   );`
