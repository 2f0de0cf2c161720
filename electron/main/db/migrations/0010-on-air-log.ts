// Schema 10: what went on air on each stream and when (Takes, breaks) and the starts the producer marked, from which
// a stream's VOD chapters are made.
export const migration = `CREATE TABLE on_air_log (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     stream_id TEXT NOT NULL,
     at INTEGER NOT NULL,
     kind TEXT NOT NULL,
     match_id TEXT,
     title TEXT NOT NULL
   );
   CREATE INDEX on_air_log_stream ON on_air_log (stream_id, id);`
