// Schema 4: where and when each participant was last checked in from this venue (a door device or the desk), and an
// index of cached participants by badge code, so a scan at a door finds its person without reading the whole list.
export const migration = `CREATE TABLE checkin_places (
     participant_id TEXT PRIMARY KEY,
     checked_in_at INTEGER NOT NULL,
     place TEXT NOT NULL
   );
   CREATE INDEX cache_rows_badge ON cache_rows (resource, scope, lower(trim(json_extract(data, '$.custom_user_identifier'))));`
