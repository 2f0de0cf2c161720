// Schema 2: a requestId remembers the channel and payload it was given for, so reusing it elsewhere is a conflict.
export const migration = `ALTER TABLE requests ADD COLUMN channel TEXT;
   ALTER TABLE requests ADD COLUMN fingerprint TEXT;`
