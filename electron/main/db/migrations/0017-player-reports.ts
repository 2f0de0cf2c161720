// Schema 17: what a station's players reported of its match from their phones, and the station's one-time code for
// that match: kept through restarts (and a recovery, as the floor is).
export const migration = `CREATE TABLE player_reports (
     station_id TEXT NOT NULL,
     match_id TEXT NOT NULL,
     code TEXT NOT NULL,
     report TEXT,
     PRIMARY KEY (station_id, match_id)
   );`
