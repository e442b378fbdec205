-- Trigram matching for substring search on names (stores_store_name_trgm_idx). pg_trgm is a trusted
-- extension on PostgreSQL 13+, so the database owner can create it; PGlite must load it on every open.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
