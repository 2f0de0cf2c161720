// Schema 3: the producer's desk per stream (on air, since when, held, the last published feed) and queue order.
export const migration = `CREATE TABLE producer_streams (
     stream_id TEXT PRIMARY KEY,
     on_air TEXT,
     taken_at INTEGER,
     held INTEGER NOT NULL DEFAULT 0,
     published TEXT
   );
   CREATE TABLE producer_queue (
     stream_id TEXT NOT NULL,
     match_id TEXT NOT NULL,
     position INTEGER NOT NULL,
     PRIMARY KEY (stream_id, match_id)
   );`
