// Schema 8: the live game layer — per stream and on-air match, the layer as seeded from the service when the match
// went on air, and the journal of presses made on it since (who, when, what; undone ones marked).
export const migration = `CREATE TABLE live_layers (
     stream_id TEXT NOT NULL,
     match_id TEXT NOT NULL,
     seed TEXT NOT NULL,
     PRIMARY KEY (stream_id, match_id)
   );
   CREATE TABLE live_journal (
     seq INTEGER PRIMARY KEY AUTOINCREMENT,
     stream_id TEXT NOT NULL,
     match_id TEXT NOT NULL,
     at INTEGER NOT NULL,
     by TEXT NOT NULL,
     press TEXT NOT NULL,
     undone INTEGER NOT NULL DEFAULT 0
   );
   CREATE INDEX live_journal_match ON live_journal (stream_id, match_id, seq);`
