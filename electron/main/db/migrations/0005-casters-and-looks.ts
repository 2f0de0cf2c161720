// Schema 5: each stream's casters (the producer's, kept), and each tournament's look as last read from the service
// (its default locale and logo bytes, read again when lost).
export const migration = `CREATE TABLE producer_casters (
     stream_id TEXT NOT NULL,
     position INTEGER NOT NULL,
     name TEXT NOT NULL,
     handle TEXT NOT NULL,
     pronouns TEXT NOT NULL,
     PRIMARY KEY (stream_id, position)
   );
   CREATE TABLE tournament_looks (
     tournament_id TEXT PRIMARY KEY,
     locale TEXT,
     logo_source TEXT,
     logo_type TEXT,
     logo BLOB,
     read_at INTEGER NOT NULL
   );`
