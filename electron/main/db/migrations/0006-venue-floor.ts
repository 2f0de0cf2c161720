// Schema 6: the venue floor, which the service does not have: each tournament's stations, the match each plays and its
// call, the floor's settings (the webhook's address itself is in the keychain), and the calls waiting to reach a webhook
// (kept while the internet is down).
export const migration = `CREATE TABLE floor_stations (
     id TEXT PRIMARY KEY,
     tournament_id TEXT NOT NULL,
     position INTEGER NOT NULL,
     name TEXT NOT NULL,
     out_of_order INTEGER NOT NULL DEFAULT 0,
     stream_id TEXT
   );
   CREATE INDEX floor_stations_by_tournament ON floor_stations (tournament_id, position);
   CREATE TABLE floor_assignments (
     station_id TEXT PRIMARY KEY,
     match_id TEXT NOT NULL,
     assigned_at INTEGER NOT NULL,
     called_at INTEGER,
     deadline INTEGER,
     arrived TEXT NOT NULL DEFAULT '[]',
     times INTEGER NOT NULL DEFAULT 0
   );
   CREATE TABLE floor_settings (
     tournament_id TEXT PRIMARY KEY,
     dq_seconds INTEGER NOT NULL,
     webhook_host TEXT
   );
   CREATE TABLE floor_webhooks (
     seq INTEGER PRIMARY KEY,
     tournament_id TEXT NOT NULL,
     body TEXT NOT NULL,
     created_at INTEGER NOT NULL,
     attempts INTEGER NOT NULL DEFAULT 0,
     next_at INTEGER NOT NULL,
     problem TEXT
   );`
