-- Remote staff and project searches match substrings (ILIKE '%text%'): trigram GIN indexes serve them.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
