// Schema 9: where each stream's on-air scores come from (the room's live layer, or the service only), and the lists of
// picks and maps the producer keeps per discipline for the live layer.
export const migration = `ALTER TABLE producer_streams ADD COLUMN scores TEXT NOT NULL DEFAULT 'live';
   CREATE TABLE pick_lists (
     discipline TEXT PRIMARY KEY,
     picks TEXT NOT NULL,
     maps TEXT NOT NULL
   );`
