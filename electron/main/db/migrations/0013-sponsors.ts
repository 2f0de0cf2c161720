// Schema 13: the venue's sponsor slots (name, seconds a turn, place, the image and its size), the rotation's start, and
// each sponsor's time on air per stream (names kept, so a removed sponsor's airtime still reads in the report).
export const migration = `CREATE TABLE sponsors (
     id TEXT PRIMARY KEY,
     name TEXT NOT NULL,
     seconds INTEGER NOT NULL,
     position INTEGER NOT NULL,
     image_type TEXT NOT NULL,
     image BLOB NOT NULL,
     width INTEGER NOT NULL,
     height INTEGER NOT NULL,
     version TEXT NOT NULL
   );
   -- One row (id 1).
   CREATE TABLE sponsor_rotation (
     id INTEGER PRIMARY KEY,
     epoch INTEGER NOT NULL,
     counted_since INTEGER
   );
   CREATE TABLE sponsor_airtime (
     sponsor_id TEXT NOT NULL,
     stream_id TEXT NOT NULL,
     sponsor_name TEXT NOT NULL,
     stream_name TEXT NOT NULL,
     ms INTEGER NOT NULL,
     PRIMARY KEY (sponsor_id, stream_id)
   );`
