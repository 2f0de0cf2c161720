// Schema 16: an image per item of the producer's pick and map lists (a character's portrait, a map's picture), per
// discipline, checked as a sponsor's logo is; its id (a hash of discipline, list and item) is its address on the hub.
export const migration = `CREATE TABLE pick_images (
     id TEXT PRIMARY KEY,
     discipline TEXT NOT NULL,
     list TEXT NOT NULL,
     item TEXT NOT NULL,
     image_type TEXT NOT NULL,
     image BLOB NOT NULL,
     width INTEGER NOT NULL,
     height INTEGER NOT NULL,
     version TEXT NOT NULL,
     UNIQUE (discipline, list, item)
   );`
