// Schema 1: cached copies per resource and scope, match links, refresh times, the outbox, local ids, request receipts.
export const migration = `CREATE TABLE cache_rows (
     resource TEXT NOT NULL,
     id TEXT NOT NULL,
     scope TEXT NOT NULL,
     data TEXT NOT NULL,
     PRIMARY KEY (resource, id)
   );
   CREATE INDEX cache_rows_scope ON cache_rows (resource, scope);
   CREATE TABLE match_streams (match_id TEXT PRIMARY KEY, tournament_id TEXT NOT NULL, stream_ids TEXT NOT NULL);
   CREATE TABLE refreshed (resource TEXT NOT NULL, scope TEXT NOT NULL, at INTEGER NOT NULL, PRIMARY KEY (resource, scope));
   CREATE TABLE outbox (
     seq INTEGER PRIMARY KEY AUTOINCREMENT,
     entity TEXT NOT NULL,
     kind TEXT NOT NULL,
     payload TEXT NOT NULL,
     state TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'attention')),
     attempts INTEGER NOT NULL DEFAULT 0,
     next_attempt_at INTEGER NOT NULL DEFAULT 0,
     last_error TEXT,
     outcome_unknown INTEGER NOT NULL DEFAULT 0,
     created_at INTEGER NOT NULL
   );
   CREATE INDEX outbox_entity ON outbox (entity, seq);
   CREATE TABLE id_map (local_id TEXT PRIMARY KEY, server_id TEXT NOT NULL);
   CREATE TABLE requests (request_id TEXT PRIMARY KEY, receipt TEXT NOT NULL, at INTEGER NOT NULL);`
