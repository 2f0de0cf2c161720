// Schema 11: a stream's technical-difficulties key, and whether the stream was held before it went down (released,
// the stream is held again only if it was).
export const migration = `ALTER TABLE producer_streams ADD COLUMN difficulties INTEGER NOT NULL DEFAULT 0;
   ALTER TABLE producer_streams ADD COLUMN held_before INTEGER NOT NULL DEFAULT 0;`
