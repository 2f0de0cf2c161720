// Schema 4: where and when each participant was last checked in from this venue (a door device or the desk).
export const migration = `CREATE TABLE checkin_places (
     participant_id TEXT PRIMARY KEY,
     checked_in_at INTEGER NOT NULL,
     place TEXT NOT NULL
   );`
