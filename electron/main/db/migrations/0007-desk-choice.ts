// Schema 7: what the desk last chose on this connection (the tournament the views work on), so a restart mid-show
// opens where it was.
export const migration = `CREATE TABLE desk_choice (
     key TEXT PRIMARY KEY,
     value TEXT NOT NULL
   );`
