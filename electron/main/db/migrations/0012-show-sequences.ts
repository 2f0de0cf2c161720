// Schema 12: each stream's show sequences as its producer edited them (per event: the steps as JSON); a stream and event
// without a row runs the defaults.
export const migration = `CREATE TABLE show_sequences (
     stream_id TEXT NOT NULL,
     event TEXT NOT NULL,
     steps TEXT NOT NULL,
     PRIMARY KEY (stream_id, event)
   );`
